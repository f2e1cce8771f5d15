// show_config(): the report names this build and its devices.
#include "common/testing.hpp"

#include <cupp/core/config.hpp>
#include <cupp/core/context.hpp>
#include <cupp/show_config.hpp>

#include <sstream>
#include <string>

namespace {

// The value on the line `name : value` of the report, or "(missing)".
std::string value_of(const std::string& report, const std::string& name) {
  std::istringstream lines(report);
  for (std::string line; std::getline(lines, line);) {
    const auto colon = line.find(" : ");
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    key.erase(key.find_last_not_of(' ') + 1);
    if (key == name) return line.substr(colon + 3);
  }
  return "(missing)";
}

} // namespace

TEST_CASE("show_config names the version, the backend and the devices", "[core][show_config]") {
  std::ostringstream out;
  cupp::show_config(out);
  const std::string report = out.str();
  INFO(report);
  CHECK(value_of(report, "cupp Version") == cupp::version);
  CHECK(value_of(report, "cupp Backend").rfind(cupp::backend_name, 0) == 0);
  CHECK(value_of(report, "Device Count") == std::to_string(cupp::device_count()));
  const auto props = cupp::get_device_properties(0);
  CHECK(value_of(report, "Device 0 Name") == props.name);
  CHECK(value_of(report, "Device 0 Total Memory").find(" bytes (") != std::string::npos);
  CHECK(value_of(report, "Memory Pool Limit") != "(missing)");
  CHECK(report.find("error:") == std::string::npos);
  if (std::string(cupp::backend_name) == "cuda") {
    CHECK(value_of(report, "cuBLAS Version").find('.') != std::string::npos);
    CHECK(value_of(report, "NVRTC Version").find('.') != std::string::npos);
    CHECK(value_of(report, "Device 0 Compute Capability") ==
          std::to_string(props.major) + std::to_string(props.minor));
  } else {
    CHECK(value_of(report, "BLAS Library").find("OpenBLAS") != std::string::npos);
    CHECK(value_of(report, "OpenMP Threads") != "(missing)");
  }
}

TEST_CASE("the version macros agree with cupp::version", "[core][show_config]") {
  CHECK(std::to_string(CUPP_VERSION_MAJOR) + "." + std::to_string(CUPP_VERSION_MINOR) + "." +
            std::to_string(CUPP_VERSION_PATCH) ==
        cupp::version);
}
