#include "application.h"

int Twinscope::App::runGui(int, char **)
{
    return 0;
}
