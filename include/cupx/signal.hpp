#pragma once
/// \file
/// `cupx::signal`, scipy.signal's filter design on cupp's arrays: windows
/// (cupx/signal/windows.hpp), IIR design (iir_design.hpp), FIR design (fir_design.hpp),
/// conversions between representations (filter_conversions.hpp), frequency responses
/// (freq_response.hpp), Savitzky-Golay coefficients (savgol.hpp) and filtering (lfilter, sosfilt,
/// filtfilt: filtering.hpp), convolution (convolve, fftconvolve, oaconvolve, convolve2d...:
/// convolution.hpp), smoothing (savgol_filter, medfilt, wiener: smoothing.hpp), peak finding
/// (find_peaks, peak_prominences, peak_widths, argrelmax...: peaks.hpp) and waveforms (chirp,
/// gausspulse, sawtooth, square, unit_impulse: waveforms.hpp). Designs are
/// computed on the host, as SciPy computes them, and returned as arrays. See docs/signal.md.

#include <cupx/signal/convolution.hpp>
#include <cupx/signal/filter_conversions.hpp>
#include <cupx/signal/filtering.hpp>
#include <cupx/signal/fir_design.hpp>
#include <cupx/signal/freq_response.hpp>
#include <cupx/signal/iir_design.hpp>
#include <cupx/signal/peaks.hpp>
#include <cupx/signal/representations.hpp>
#include <cupx/signal/resampling.hpp>
#include <cupx/signal/savgol.hpp>
#include <cupx/signal/smoothing.hpp>
#include <cupx/signal/spectral.hpp>
#include <cupx/signal/waveforms.hpp>
#include <cupx/signal/windows.hpp>
