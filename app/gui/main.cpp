#include "app/gui/application.h"

int main(int argc, char **argv)
{
    return Twinscope::App::runGui(argc, argv);
}
