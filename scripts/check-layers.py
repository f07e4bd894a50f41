#!/usr/bin/env python3
"""Checks the include layering (docs/ARCHITECTURE.md, issue #22): app -> widgets -> core, and inside
core each folder includes only folders of a lower layer (folders of one layer never include each
other); no file-level include cycle anywhere; app/gui reaches tabs only through the Workspace seam.
Exit 1 with every problem listed."""
import os
import re
import sys

# Lower first. A folder includes only folders of a lower layer (and itself).
CORE_LAYERS = [
    ["common"],
    ["tensor"],
    ["torch", "trace", "opinfo", "loss", "monitor"],
    ["dump", "profile"],
    ["checkpoint"],
    ["triage"],
    ["export"],
    ["models"],
]
TOP_LAYERS = {"core": 0, "widgets": 1, "app": 2}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def main(root):
    rank = {name: i for i, layer in enumerate(CORE_LAYERS) for name in layer}
    sources = []
    for top in TOP_LAYERS:
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            sources += [os.path.join(dirpath, n) for n in names if n.endswith((".h", ".cpp"))]
    problems = []
    graph = {}
    for path in sorted(sources):
        rel = os.path.relpath(path, root)
        parts = rel.split(os.sep)
        text = open(path, encoding="utf-8").read()
        graph[rel] = []
        for inc in INCLUDE.findall(text):
            target = inc if os.path.exists(os.path.join(root, inc)) else os.path.normpath(
                os.path.join(os.path.dirname(rel), inc))
            if not os.path.exists(os.path.join(root, target)):
                continue  # generated (buildinfo, moc) or a test helper
            graph[rel].append(target)
            tparts = target.split(os.sep)
            if TOP_LAYERS.get(tparts[0], -1) > TOP_LAYERS[parts[0]]:
                problems.append(f"{rel}: includes {target} of a higher target")
            if parts[0] == "core" and tparts[0] == "core" and len(parts) > 2 and len(tparts) > 2:
                a, b = parts[1], tparts[1]
                if a not in rank or b not in rank:
                    problems.append(f"{rel}: core/{a if a not in rank else b} has no layer in scripts/check-layers.py")
                elif a != b and rank[b] >= rank[a]:
                    problems.append(f"{rel}: core/{a} (layer {rank[a]}) includes {target} (layer {rank[b]})")
    # The tab seam (docs/ARCHITECTURE.md): app/gui reaches tabs through Workspace's functions only,
    # with at most a handful of casts and no hand in a tab's widgets.
    casts = 0
    for rel in graph:
        if not rel.startswith(os.path.join("app", "gui")):
            continue
        text = open(os.path.join(root, rel), encoding="utf-8").read()
        casts += text.count("qobject_cast")
        for accessor in ("->plot()", "->heatmap()", "->searchBox()", "->timeline()"):
            if accessor in text:
                problems.append(f"{rel}: reaches into a tab ({accessor}); add a Workspace function")
    if casts > 4:
        problems.append(f"app/gui: {casts} qobject_casts (at most 4: tabs are reached through Workspace)")
    # File-level cycles: depth-first search with colours.
    state = {}
    stack = []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                problems.append("include cycle: " + " -> ".join(stack[stack.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    sys.setrecursionlimit(10000)
    for node in graph:
        if node not in state:
            visit(node)
    for p in sorted(set(problems)):
        print(p)
    print(f"check-layers: {len(graph)} files, {sum(len(v) for v in graph.values())} includes, "
          f"{len(set(problems))} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")))
