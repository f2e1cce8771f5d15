// Catch2's runner inside an MPI job: the environment starts the engine before any test, and every
// rank runs every test case in the same order, so the collectives of the ranks pair up.
#if __has_include(<catch2/catch_all.hpp>)
#include <catch2/catch_all.hpp>
#else
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#endif

#include <cupp/dist/communicator.hpp>

int main(int argc, char** argv) {
  const cupp::dist::environment env(argc, argv);
  return Catch::Session().run(argc, argv) ? 1 : 0;
}
