#pragma once
/// \file
/// The table of unit::log(double) (unit_math.hpp): for each of the 128 subintervals of the
/// reduced argument m in [sqrt(2)/2, sqrt(2)) that the top 7 bits of log_reduce's offset pick, a
/// double invc near 1 / (the subinterval's centre), exactly 1 for the one holding 1, and -log(invc)
/// as a double and the rest. With r = m invc - 1 (|r| < 0x1.fdfp-9), log(m) = -log(invc) +
/// log1p(r), and log1p(r) is a short polynomial: no division. The rows are
/// scripts/gen_log_table.py's (Python's decimal at 80 digits; `--check` compares them).

#include <cupp/core/config.hpp>

namespace cupp::detail::random::unit {

struct log_entry {
  double invc, logc, logc_lo;
};
struct log_table_t {
  log_entry e[128];
};

inline constexpr log_table_t log_table = {{
    {0x1.690a9aed41337p+0, -0x1.60111baa659bfp-2, -0x1.3bd3ed7fcdc73p-56},
    {0x1.67103630e798ep+0, -0x1.5a70e7e2f8adbp-2, -0x1.36b9ae965cc14p-56},
    {0x1.651b563da9bf9p+0, -0x1.54d8929d2d59cp-2, 0x1.8183653da37e1p-56},
    {0x1.632be41b48593p+0, -0x1.4f4805f3fa86bp-2, -0x1.9619a4c4350b7p-56},
    {0x1.6141c9504cf0fp+0, -0x1.49bf2c5d395ffp-2, -0x1.cc678427c7be6p-56},
    {0x1.5f5cefdea3da8p+0, -0x1.443df0a7b107cp-2, 0x1.90c16c2b3c840p-58},
    {0x1.5d7d424051f7ep+0, -0x1.3ec43df92fa9cp-2, 0x1.6e2b4b036aaf8p-57},
    {0x1.5ba2ab64454d4p+0, -0x1.3951ffccb0801p-2, 0x1.470454baf9df2p-57},
    {0x1.59cd16ab3f661p+0, -0x1.33e721f08e633p-2, 0x1.dfd9bfbd12b2ep-56},
    {0x1.57fc6fe4d8978p+0, -0x1.2e839084c27ccp-2, -0x1.b523747e89b06p-57},
    {0x1.5630a34c9b388p+0, -0x1.292737f92ebe1p-2, -0x1.8f2e3aad3d580p-56},
    {0x1.54699d8735f00p+0, -0x1.23d2050bf3bacp-2, -0x1.aaa2c4f3e3d7bp-57},
    {0x1.52a74b9fc443ep+0, -0x1.1e83e4c7d18e6p-2, -0x1.bb989f13a41a1p-58},
    {0x1.50e99b052c9adp+0, -0x1.193cc48293730p-2, 0x1.7c8aaa6ba29b4p-59},
    {0x1.4f30798792edap+0, -0x1.13fc91db85b7bp-2, 0x1.5c9da0f43be8dp-56},
    {0x1.4d7bd555df6aap+0, -0x1.0ec33ab9f5c37p-2, -0x1.8d18c4945163ap-56},
    {0x1.4bcb9cfb58563p+0, -0x1.0990ad4bbbd6ep-2, 0x1.d078f3d2a6ad9p-56},
    {0x1.4a1fbf5d4e7b1p+0, -0x1.0464d803ce409p-2, 0x1.dfec8b342bc7bp-56},
    {0x1.48782bb8db83cp+0, -0x1.fe7f5331bb79fp-3, 0x1.05c588e4966fbp-62},
    {0x1.46d4d1a0b19c7p+0, -0x1.f4422207f5716p-3, -0x1.4cfad7eef656ep-58},
    {0x1.4535a0fafbc46p+0, -0x1.ea11fafe8666ep-3, 0x1.96c23c5a23927p-57},
    {0x1.439a89ff4e3adp+0, -0x1.dfeebd0932032p-3, -0x1.a422bb08c5b99p-68},
    {0x1.42037d34a6793p+0, -0x1.d5d84798c0567p-3, -0x1.e635c18334b04p-57},
    {0x1.40706b6f7a338p+0, -0x1.cbce7a988a5f4p-3, 0x1.ac0628f33ef06p-57},
    {0x1.3ee145cfd4da7p+0, -0x1.c1d1366c15d9ap-3, -0x1.b52628b6c00e3p-58},
    {0x1.3d55fdbf83227p+0, -0x1.b7e05becbfedap-3, 0x1.f2850e10afc7dp-59},
    {0x1.3bce84f04c164p+0, -0x1.adfbcc677649dp-3, 0x1.f0d2862771162p-57},
    {0x1.3a4acd5a37404p+0, -0x1.a423699a7e3f0p-3, -0x1.37e8d0d1a4707p-57},
    {0x1.38cac939df7b7p+0, -0x1.9a5715b3497b6p-3, 0x1.15c367f1b3018p-58},
    {0x1.374e6b0ed1ff8p+0, -0x1.9096b34c57facp-3, -0x1.ae33ce2fa7bb9p-57},
    {0x1.35d5a599f940cp+0, -0x1.86e2256b26d06p-3, 0x1.346e33913dfecp-60},
    {0x1.34606bdc13400p+0, -0x1.7d394f7e2b69dp-3, 0x1.86a3de9802190p-58},
    {0x1.32eeb11432eafp+0, -0x1.739c155adaf66p-3, 0x1.9c99c5926bc77p-57},
    {0x1.318068be4c2fcp+0, -0x1.6a0a5b3bbd955p-3, 0x1.3a575dc159f7ap-57},
    {0x1.30158691ca6b9p+0, -0x1.608405be8cfadp-3, 0x1.2e82deb50a69ap-60},
    {0x1.2eadfe8030ddfp+0, -0x1.5708f9e25e39bp-3, 0x1.3f4a5bd93fdc9p-57},
    {0x1.2d49c4b3c4cebp+0, -0x1.4d991d05d6617p-3, 0x1.f240bc41f3abfp-58},
    {0x1.2be8cd8e4116ep+0, -0x1.443454e569a78p-3, 0x1.4d02692d0c973p-58},
    {0x1.2a8b0da792bfap+0, -0x1.3ada8799a4cc2p-3, 0x1.35191a1221346p-58},
    {0x1.293079cc9e6dfp+0, -0x1.318b9b95807abp-3, -0x1.b72a881ad5a3ap-58},
    {0x1.27d906fe0e536p+0, -0x1.284777a4be59dp-3, 0x1.dd59c4a91c8c1p-57},
    {0x1.2684aa6f285f8p+0, -0x1.1f0e02ea4f8afp-3, 0x1.9da9636d9e98dp-58},
    {0x1.25335984ac702p+0, -0x1.15df24dec45b2p-3, 0x1.36cc94224cd91p-59},
    {0x1.23e509d3ba3fap+0, -0x1.0cbac54ec4de3p-3, -0x1.c8370b952c53dp-57},
    {0x1.2299b120bed52p+0, -0x1.03a0cc599241cp-3, 0x1.f22d0c371c812p-62},
    {0x1.2151455e6939bp+0, -0x1.f52244df21233p-4, -0x1.f9cd1266b2150p-58},
    {0x1.200bbcaca63adp+0, -0x1.e31760a1b180cp-4, -0x1.d409190d29117p-60},
    {0x1.1ec90d57a3019p+0, -0x1.d120be17a563ep-4, -0x1.7aa798ff7d904p-59},
    {0x1.1d892dd6d649cp+0, -0x1.bf3e2ff7ae301p-4, -0x1.f6157c2a49586p-58},
    {0x1.1c4c14cc10058p+0, -0x1.ad6f898fb1d69p-4, 0x1.170c12c8b1fa4p-58},
    {0x1.1b11b9028f3b8p+0, -0x1.9bb49ec22c9c2p-4, -0x1.843cf97bb44d6p-58},
    {0x1.19da116e1df02p+0, -0x1.8a0d4403a1546p-4, 0x1.ce6f37eab33e7p-61},
    {0x1.18a5152a32ea2p+0, -0x1.78794e5817a3ep-4, 0x1.30de1912d8620p-60},
    {0x1.1772bb791927dp+0, -0x1.66f89350a8077p-4, 0x1.dca381e435405p-59},
    {0x1.1642fbc31cd79p+0, -0x1.558ae9091529ap-4, 0x1.0eb60f4219221p-60},
    {0x1.1515cd95bdabap+0, -0x1.44302625724a8p-4, -0x1.5a9af21edfb69p-58},
    {0x1.13eb28a2e65f2p+0, -0x1.32e821cfd64b8p-4, 0x1.68a8d91c4ec02p-58},
    {0x1.12c304c029470p+0, -0x1.21b2b3b61b278p-4, 0x1.fdad5f3bd0426p-58},
    {0x1.119d59e601c75p+0, -0x1.108fb407a96d6p-4, -0x1.5efc38c9498e5p-59},
    {0x1.107a202f1a8a6p+0, -0x1.fefdf6e69f16fp-5, 0x1.19b9863457f7ep-59},
    {0x1.0f594fd798544p+0, -0x1.dd00c64a49012p-5, 0x1.9954a19a36de5p-60},
    {0x1.0e3ae13c69530p+0, -0x1.bb278988eb9f4p-5, 0x1.71ff4bf5c3b8fp-59},
    {0x1.0d1eccda98c85p+0, -0x1.9971f4e380958p-5, 0x1.eeacc0b78f30ep-59},
    {0x1.0c050b4ea6ee7p+0, -0x1.77dfbd896719ep-5, 0x1.bb150b50e0b22p-63},
    {0x1.0aed9553e4f84p+0, -0x1.567099947f97dp-5, -0x1.be3e21671b997p-61},
    {0x1.09d863c3d50f9p+0, -0x1.352440055b9ffp-5, -0x1.ebe0b46323ddcp-63},
    {0x1.08c56f958e344p+0, -0x1.13fa68bf81963p-5, 0x1.93f6a07646ce8p-59},
    {0x1.07b4b1dd23e05p+0, -0x1.e5e5990b874cap-6, -0x1.c572a2d16af76p-60},
    {0x1.06a623cb1155cp+0, -0x1.a41a49ed530d7p-6, -0x1.7cdf59cb17985p-65},
    {0x1.0599beaba87c5p+0, -0x1.62925911d93abp-6, 0x1.e2082575eda3ap-60},
    {0x1.048f7be684357p+0, -0x1.214d3d100c1b6p-6, -0x1.9965502c98baep-60},
    {0x1.038754fdfe0e2p+0, -0x1.c094dc4339308p-7, 0x1.63ae2a0ec96e8p-61},
    {0x1.0281438ea7364p+0, -0x1.3f12cc38b6d6dp-7, -0x1.76ed7bf42cc50p-62},
    {0x1.017d414ec4a7ap+0, -0x1.7c2681aeef86fp-8, -0x1.43ebb1259e7b5p-62},
    {0x1.0000000000000p+0, 0x0.0p+0, 0x0.0p+0},
    {0x1.fdee5952551ebp-1, 0x1.095cafdf35d7ap-8, -0x1.b81ea2237db15p-64},
    {0x1.f9fe734bfba8ep-1, 0x1.82a8e46f244d8p-7, 0x1.50ed5829a34dcp-61},
    {0x1.f61dff0bf581cp-1, 0x1.3f57af16fa01fp-6, -0x1.f247e2dbbbc50p-61},
    {0x1.f24ca2626886bp-1, 0x1.bc64b3b2d235bp-6, 0x1.13daca32d5f77p-62},
    {0x1.ee8a05d85e705p-1, 0x1.1c3f9d79ce225p-5, -0x1.113eaaed07d9ap-60},
    {0x1.ead5d495abff1p-1, 0x1.59d5751c3ec61p-5, 0x1.77b79344a346ap-60},
    {0x1.e72fbc4802250p-1, 0x1.96f5a8fde709dp-5, 0x1.6b193f8b1e148p-59},
    {0x1.e3976d0b19c74p-1, 0x1.d3a1f738c7addp-5, 0x1.2f614a28272c1p-60},
    {0x1.e00c9951eb9a4p-1, 0x1.07ee0a0803fabp-4, -0x1.8ed56e0943c68p-59},
    {0x1.dc8ef5d0e673ap-1, 0x1.25d2d51cbf35ap-4, -0x1.2b0d75959ab86p-58},
    {0x1.d91e39691734cp-1, 0x1.43802d9247da7p-4, -0x1.4d43a8681b00ep-58},
    {0x1.d5ba1d14362fep-1, 0x1.60f6df9f40696p-4, -0x1.c2ba0571ebea9p-58},
    {0x1.d2625bd18e989p-1, 0x1.7e37b31a2c692p-4, 0x1.c3f5703697df5p-59},
    {0x1.cf16b293b5373p-1, 0x1.9b436b99363bcp-4, -0x1.a1ddd69eeb0fcp-58},
    {0x1.cbd6e02f0430dp-1, 0x1.b81ac890d6963p-4, 0x1.8c7e70d3672bbp-58},
    {0x1.c8a2a548d246fp-1, 0x1.d4be8571699d8p-4, -0x1.5ff4172f8e439p-58},
    {0x1.c579c4475c7adp-1, 0x1.f12f59c3bd136p-4, -0x1.dc1070f5b309fp-59},
    {0x1.c25c0142597efp-1, 0x1.06b6fca2513d7p-3, -0x1.ea0927a101f08p-57},
    {0x1.bf4921f42eda8p-1, 0x1.14bd89ffc7c4bp-3, 0x1.ec2b1eeaffb40p-57},
    {0x1.bc40edabc0125p-1, 0x1.22abab342b62dp-3, 0x1.b321f8c0638f2p-58},
    {0x1.b9432d3ed0950p-1, 0x1.3081b4ba00db1p-3, -0x1.1bc2d3c9fa206p-57},
    {0x1.b64faafcf18b4p-1, 0x1.3e3ff9586acc7p-3, 0x1.6067d08f2ceebp-57},
    {0x1.b36632a2f50aap-1, 0x1.4be6ca2ec596ap-3, 0x1.2a9963c394b2cp-58},
    {0x1.b086914ee0823p-1, 0x1.597676bfe0d5ep-3, 0x1.fe37682cf0ccdp-57},
    {0x1.adb095745888ap-1, 0x1.66ef4cfcda609p-3, 0x1.2b92c44ba4f99p-57},
    {0x1.aae40ed18084ap-1, 0x1.7451994f9e722p-3, -0x1.f1e71c71342aep-57},
    {0x1.a820ce6448eefp-1, 0x1.819da6a510929p-3, -0x1.69214685c554fp-57},
    {0x1.a566a6602733fp-1, 0x1.8ed3be76e09a3p-3, -0x1.215bc4b053109p-62},
    {0x1.a2b56a24327b8p-1, 0x1.9bf428d50f0a7p-3, 0x1.9c73e09869bb4p-60},
    {0x1.a00cee31a0db5p-1, 0x1.a8ff2c6f23d16p-3, -0x1.341088b230a9dp-58},
    {0x1.9d6d0822a0b15p-1, 0x1.b5f50e9d1a6bcp-3, -0x1.95ae5c15be8adp-58},
    {0x1.9ad58ea18a1c1p-1, 0x1.c2d6136806313p-3, 0x1.59a39a5a798adp-57},
    {0x1.9846596064b77p-1, 0x1.cfa27d9271859p-3, 0x1.3c41ef5c7132cp-61},
    {0x1.95bf4110bdf92p-1, 0x1.dc5a8ea07a765p-3, 0x1.e07dae2259f26p-57},
    {0x1.93401f5bccb1ap-1, 0x1.e8fe86dfaf479p-3, -0x1.46106772dfb57p-57},
    {0x1.90c8cedade65ep-1, 0x1.f58ea56ead438p-3, -0x1.ae7eb7b904f72p-57},
    {0x1.8e592b100b5cfp-1, 0x1.0105942242087p-2, -0x1.4e7e7497a548ep-62},
    {0x1.8bf1105f2e636p-1, 0x1.073a261befdecp-2, 0x1.6d67803353ffep-56},
    {0x1.89905c071d6cap-1, 0x1.0d652682fdc55p-2, 0x1.4424ce3f74af4p-57},
    {0x1.8736ec1b205c6p-1, 0x1.1386b2acafbb9p-2, 0x1.922ae3daf53d4p-56},
    {0x1.84e49f7ca3624p-1, 0x1.199ee7683539ap-2, 0x1.dea7c39828241p-56},
    {0x1.829955d52272ep-1, 0x1.1fade101d5858p-2, 0x1.6835241041effp-56},
    {0x1.8054ef904b85dp-1, 0x1.25b3bb4604249p-2, -0x1.8491bac99e092p-56},
    {0x1.7e174dd6555c0p-1, 0x1.2bb091845e3ffp-2, 0x1.4b336d45773cbp-56},
    {0x1.7be0528688acfp-1, 0x1.31a47e9291caap-2, 0x1.4aeea3cee3bbcp-56},
    {0x1.79afe031f9b30p-1, 0x1.378f9ccf2f2b1p-2, -0x1.342dd00ea6febp-56},
    {0x1.7785da167024dp-1, 0x1.3d720624662abp-2, 0x1.617526a70cfcbp-57},
    {0x1.756224197bc29p-1, 0x1.434bd40aaedefp-2, 0x1.2a15dda77454cp-58},
    {0x1.7344a2c3b3b2bp-1, 0x1.491d1f8b5f398p-2, 0x1.907cd6cfb2c47p-56},
    {0x1.712d3b3c1efdcp-1, 0x1.4ee601432de92p-2, -0x1.9bc0c7bc4a4dcp-57},
    {0x1.6f1bd343c48bep-1, 0x1.54a69164a32d4p-2, -0x1.4b9a66c2a9d9ap-57},
    {0x1.6d105131611b0p-1, 0x1.5a5ee7ba78342p-2, 0x1.3405a31501473p-63},
    {0x1.6b0a9bed41b37p-1, 0x1.600f1ba9e59bap-2, 0x1.bdae5807bce2ap-56},
}};

#if defined(__CUDACC__)
// the device's copy: a constexpr host array read at run-time indices is no device memory
static __device__ const log_table_t log_table_device = log_table;
#endif

CUPP_HD inline const log_entry& log_entry_at(int i) {
#if defined(__CUDA_ARCH__)
  return log_table_device.e[i];
#else
  return log_table.e[i];
#endif
}

} // namespace cupp::detail::random::unit
