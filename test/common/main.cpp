// Catch2 v2's main, compiled once for every test executable (v3 links Catch2::Catch2WithMain).
#define CATCH_CONFIG_MAIN
#include "catch.hpp"
