#pragma once

#include "investigationfile.h"

#include <QList>
#include <QString>

namespace Twinscope::Core {

// What a workspace from someone else may make Twinscope read or run (issue #31). A `.twinscope`
// file is what colleagues send each other, so opening one must not read files outside its folder
// or apply settings that act on text (knowledge files whose regexes copy lines into findings, name
// mappings) without the user saying so. The review only looks: nothing is opened, and a refused
// input is named by its path and a reason, never by its content.
struct RefusedInput
{
    InvestigationInput input;
    QString reason; // translated: "outside the workspace's folder", "a device, pipe or system file"
    bool special = false; // refused whatever the user allows
};

struct WorkspaceReview
{
    QString folder;               // the workspace file's folder, symlinks resolved
    QList<RefusedInput> outside;  // inputs outside that folder, or special files
    QList<MappingFile> mappings;  // knowledge files and name mappings: they act on text
    bool settingsChanged = false; // thresholds other than the defaults (shown, not refused)

    bool needsConsent() const { return !outside.isEmpty() || !mappings.isEmpty(); }
};

// Judges every input and mapping of workspace, read from a file in folder. A path is outside
// when, with `..` folded and every symlink resolved, it does not lie under folder; /proc, /dev,
// /sys, /run and anything that is neither a regular file nor a folder (FIFO, socket, device) is
// refused wherever it is.
WorkspaceReview reviewWorkspace(const InvestigationFile &workspace, const QString &folder);

// The workspace as it may open: inputsAllowed keeps the inputs outside the folder (special files
// stay out), mappingsAllowed keeps the mappings. What is left out is listed, by path only.
struct ReviewedWorkspace
{
    InvestigationFile workspace;
    QList<RefusedInput> refused;
    QList<MappingFile> withheld;
};
ReviewedWorkspace applyReview(const InvestigationFile &workspace,
                              const WorkspaceReview &review,
                              bool inputsAllowed,
                              bool mappingsAllowed);

// Whether a path names something no investigation input can be: a system pseudo-file (/proc, /sys,
// /dev, /run) or a FIFO, socket or device.
bool isSpecialFile(const QString &path);

} // namespace Twinscope::Core
