// DLPack export and import: the same memory both ways (pointers compared), every dtype's DLPack
// code, views with strides and byte offsets, the deleter called once when the last view goes,
// read-only tensors copied, and the errors (device, dtype, major version) releasing the tensor.
#include "testing.hpp"

#include <cupp/interop/dlpack.hpp>
#include <cupp/manipulation/views.hpp>

using namespace cupp_test;

TEMPLATE_LIST_TEST_CASE("DLPack round trip without a copy", "[dlpack]", all_dtypes) {
  using T = TestType;
  const auto a = device_values<T>({3, 5});
  const long before = a.owner().use_count();
  DLManagedTensorVersioned* t = cupp::to_dlpack_versioned(a);
  CHECK(t->version.major == 1);
  CHECK(t->flags == 0);
  CHECK(t->dl_tensor.data == static_cast<void*>(a.data()));
  CHECK(t->dl_tensor.ndim == 2);
  CHECK(t->dl_tensor.shape[0] == 3);
  CHECK(t->dl_tensor.shape[1] == 5);
  CHECK(t->dl_tensor.strides[0] == 5);
  CHECK(t->dl_tensor.strides[1] == 1);
  CHECK(t->dl_tensor.dtype.lanes == 1);
  CHECK(t->dl_tensor.dtype.bits == 8 * sizeof(T));
  CHECK(a.owner().use_count() == before + 1); // the tensor keeps the storage
  {
    const cupp::array b = cupp::from_dlpack(t);
    CHECK(b.dtype() == cupp::dtype_of<T>());
    CHECK(b.data() == static_cast<void*>(a.data()));
    CHECK(b.shape() == a.shape());
    CHECK(b.strides() == a.strides());
    CHECK(host(b.as<T>()) == host(a));
  }
  CHECK(a.owner().use_count() == before); // the import's last view ran the deleter

  DLManagedTensor* legacy = cupp::to_dlpack(a);
  {
    const auto c = cupp::from_dlpack(legacy).as<T>();
    CHECK(c.data() == a.data());
    CHECK(host(c) == host(a));
  }
  CHECK(a.owner().use_count() == before);
}

TEST_CASE("DLPack dtype codes", "[dlpack]") {
  const auto code = [](cupp::dtype d) {
    const DLDataType t = cupp::to_dlpack_dtype(d);
    return std::vector<int>{t.code, t.bits, t.lanes};
  };
  CHECK(code(cupp::dtype::bool_) == std::vector<int>{kDLBool, 8, 1});
  CHECK(code(cupp::dtype::int8) == std::vector<int>{kDLInt, 8, 1});
  CHECK(code(cupp::dtype::int64) == std::vector<int>{kDLInt, 64, 1});
  CHECK(code(cupp::dtype::uint16) == std::vector<int>{kDLUInt, 16, 1});
  CHECK(code(cupp::dtype::float16) == std::vector<int>{kDLFloat, 16, 1});
  CHECK(code(cupp::dtype::bfloat16) == std::vector<int>{kDLBfloat, 16, 1});
  CHECK(code(cupp::dtype::float32) == std::vector<int>{kDLFloat, 32, 1});
  CHECK(code(cupp::dtype::float64) == std::vector<int>{kDLFloat, 64, 1});
  CHECK(code(cupp::dtype::complex64) == std::vector<int>{kDLComplex, 64, 1});
  CHECK(code(cupp::dtype::complex128) == std::vector<int>{kDLComplex, 128, 1});
  for (int d = 0; d < cupp::dtype_count; ++d) // one code per dtype, and back
    CHECK(cupp::from_dlpack_dtype(cupp::to_dlpack_dtype(static_cast<cupp::dtype>(d))) ==
          static_cast<cupp::dtype>(d));
  CHECK_THROWS_WITH_WORDS(cupp::from_dlpack_dtype({kDLFloat, 32, 4}), cupp::type_error, "lanes 4");
  CHECK_THROWS_WITH_WORDS(cupp::from_dlpack_dtype({kDLFloat, 8, 1}), cupp::type_error, "bits 8");
  CHECK_THROWS_AS(cupp::from_dlpack_dtype({kDLOpaqueHandle, 64, 1}), cupp::type_error);
}

TEST_CASE("DLPack views: strides, negative strides, byte offsets", "[dlpack]") {
  const auto a = device_values<float>({4, 6});
  // a transposed, reversed view exported and imported keeps its layout
  const cupp::ndarray<float> v = cupp::flip(a.transpose(), 0);
  const cupp::array back = cupp::from_dlpack(cupp::to_dlpack_versioned(v));
  CHECK(back.strides() == v.strides());
  CHECK(host(back.as<float>()) == host(v));
  CHECK(back.data() == static_cast<void*>(v.data()));

  // a producer's tensor: row 1 of a as (3, 2) with strides (2, 1) at a byte offset, no strides
  // array (C order), its deleter counted
  static int released = 0;
  released = 0;
  int64_t shape[2] = {3, 2};
  DLManagedTensorVersioned* probe = cupp::to_dlpack_versioned(a); // this backend's device
  const DLDevice device = probe->dl_tensor.device;
  probe->deleter(probe);
  auto* m = new DLManagedTensor{};
  m->dl_tensor.data = a.data();
  m->dl_tensor.device = device;
  m->dl_tensor.ndim = 2;
  m->dl_tensor.dtype = {kDLFloat, 32, 1};
  m->dl_tensor.shape = shape;
  m->dl_tensor.strides = nullptr;
  m->dl_tensor.byte_offset = 6 * sizeof(float);
  m->deleter = [](DLManagedTensor* self) {
    ++released;
    delete self;
  };
  {
    const auto r = cupp::from_dlpack(m).as<float>();
    CHECK(r.strides() == cupp::shape_t{2, 1});
    const auto ha = host(a);
    CHECK(host(r) == std::vector<float>(ha.begin() + 6, ha.begin() + 12));
    CHECK(released == 0);
  }
  CHECK(released == 1);
}

TEST_CASE("DLPack read-only tensors are copied; errors release the tensor", "[dlpack]") {
  const auto a = device_values<double>({5});
  DLManagedTensorVersioned* t = cupp::to_dlpack_versioned(a, {.read_only = true});
  CHECK((t->flags & DLPACK_FLAG_BITMASK_READ_ONLY) != 0);
  const long before = a.owner().use_count();
  {
    const auto c = cupp::from_dlpack(t).as<double>();
    CHECK(c.data() != a.data());
    CHECK(host(c) == host(a));
    CHECK(a.owner().use_count() == before); // the copy holds the tensor until it goes
  }
  CHECK(a.owner().use_count() == before - 1);

  const long base = a.owner().use_count();
  DLManagedTensorVersioned* other = cupp::to_dlpack_versioned(a);
  other->dl_tensor.device.device_type = kDLOpenCL;
  CHECK_THROWS_WITH_WORDS(cupp::from_dlpack(other), cupp::value_error, "device type 4");
  CHECK(a.owner().use_count() == base); // released

  DLManagedTensorVersioned* lanes = cupp::to_dlpack_versioned(a);
  lanes->dl_tensor.dtype.lanes = 2;
  CHECK_THROWS_AS(cupp::from_dlpack(lanes), cupp::type_error);
  CHECK(a.owner().use_count() == base);

  DLManagedTensorVersioned* future = cupp::to_dlpack_versioned(a);
  future->version.major = 2;
  CHECK_THROWS_WITH_WORDS(cupp::from_dlpack(future), cupp::value_error, "major version 2");
  CHECK(a.owner().use_count() == base);
  CHECK_THROWS_AS(cupp::from_dlpack(static_cast<DLManagedTensor*>(nullptr)), cupp::value_error);
}

TEST_CASE("DLPack stream ordering by events", "[dlpack]") {
  // the producer's work is enqueued on its stream; the consumer's stream waits for it by an
  // event, so the consumer reads the final values without a host sync in between
  cupp::stream producer, consumer;
  cupp::ndarray<float> a({1 << 20});
  {
    const cupp::stream_guard on(producer);
    a.fill(1.0f);
    a.assign(a * 3.0f + 1.0f);
  }
  DLManagedTensorVersioned* t = nullptr;
  {
    const cupp::stream_guard on(producer);
    t = cupp::to_dlpack_versioned(a, {.stream = consumer.native()});
  }
  const cupp::stream_guard on(consumer);
  const auto b = cupp::from_dlpack(t).as<float>();
  const auto total = cupp::ndarray<float>(b * 1.0f).get();
  CHECK(total.front() == 4.0f);
  CHECK(total.back() == 4.0f);
  // import with the producer's stream: this stream waits for it
  cupp::ndarray<float> c({1000});
  {
    const cupp::stream_guard on2(producer);
    c.fill(2.0f);
  }
  const auto d = cupp::from_dlpack(cupp::to_dlpack_versioned(c), {.stream = producer.native()});
  CHECK(host(cupp::ndarray<float>(d.as<float>() + 0.0f)).back() == 2.0f);
}
