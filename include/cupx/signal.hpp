#pragma once
/// \file
/// `cupx::signal`, scipy.signal's filter design on cupp's arrays: windows
/// (cupx/signal/windows.hpp), IIR design (iir_design.hpp), FIR design (fir_design.hpp),
/// conversions between representations (filter_conversions.hpp), frequency responses
/// (freq_response.hpp), Savitzky-Golay coefficients (savgol.hpp) and filtering (lfilter, sosfilt,
/// filtfilt: filtering.hpp). Designs are computed on the
/// host, as SciPy computes them, and returned as arrays. See docs/signal.md.

#include <cupx/signal/filter_conversions.hpp>
#include <cupx/signal/filtering.hpp>
#include <cupx/signal/fir_design.hpp>
#include <cupx/signal/freq_response.hpp>
#include <cupx/signal/iir_design.hpp>
#include <cupx/signal/representations.hpp>
#include <cupx/signal/savgol.hpp>
#include <cupx/signal/windows.hpp>
