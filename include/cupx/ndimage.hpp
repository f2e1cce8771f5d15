#pragma once
/// \file
/// `cupx::ndimage`, scipy.ndimage on the device: filters (cupx/ndimage/filters.hpp),
/// morphology (cupx/ndimage/morphology.hpp), interpolation (cupx/ndimage/interpolation.hpp),
/// measurements (cupx/ndimage/measurements.hpp) and the distance transform
/// (cupx/ndimage/distance.hpp).
/// See docs/ndimage.md.

#include <cupx/ndimage/arguments.hpp>
#include <cupx/ndimage/distance.hpp>
#include <cupx/ndimage/filters.hpp>
#include <cupx/ndimage/interpolation.hpp>
#include <cupx/ndimage/measurements.hpp>
#include <cupx/ndimage/morphology.hpp>
#include <cupx/ndimage/output.hpp>
