// Host backend's upstream resource: aligned operator new.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/error.hpp>
#include <cupp/memory/resource.hpp>

#include <new>
#include <string>

namespace cupp::mr {

namespace {

class host_resource final : public memory_resource {
  void* do_allocate(std::size_t bytes, std::size_t alignment, native_stream) override {
    if (bytes == 0) return nullptr;
    void* p = ::operator new(bytes, std::align_val_t{alignment}, std::nothrow);
    if (!p) {
      const memory_info m = mem_info();
      throw out_of_memory("Out of memory allocating " + std::to_string(bytes) +
                          " bytes (host free " + std::to_string(m.free) + " of " +
                          std::to_string(m.total) + " bytes)");
    }
    return p;
  }
  void do_deallocate(void* p, std::size_t, std::size_t alignment, native_stream) noexcept override {
    ::operator delete(p, std::align_val_t{alignment});
  }
};

} // namespace

memory_resource* default_resource() {
  static host_resource r;
  return &r;
}

} // namespace cupp::mr
