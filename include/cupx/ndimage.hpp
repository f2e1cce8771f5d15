#pragma once
/// \file
/// `cupx::ndimage`, scipy.ndimage on the device: filters (cupx/ndimage/filters.hpp) and
/// morphology (cupx/ndimage/morphology.hpp). See docs/ndimage.md.

#include <cupx/ndimage/arguments.hpp>
#include <cupx/ndimage/filters.hpp>
#include <cupx/ndimage/morphology.hpp>
