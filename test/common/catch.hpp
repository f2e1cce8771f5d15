#pragma once
// Catch2 v2 (Debian, CI) and v3 (the GPU machine) spell their header differently; tests include
// this and use the macros common to both.
#if __has_include(<catch2/catch_all.hpp>)
#include <catch2/catch_all.hpp>
#else
#include <catch2/catch.hpp>
#endif

#if CATCH_VERSION_MAJOR >= 3
using Catch::Approx; // v2 has it in the global namespace
#endif
