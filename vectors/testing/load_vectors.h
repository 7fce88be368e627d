// LoadAll: every vector file of the suite, for tests (a failure to load fails
// the calling test).
#ifndef LBCONFORM_VECTORS_TESTING_LOAD_VECTORS_H_
#define LBCONFORM_VECTORS_TESTING_LOAD_VECTORS_H_

#include <gtest/gtest.h>

#include "vectors/vector_file.h"

namespace lbconform::vectors::testing {

inline std::vector<VectorFile> LoadAll() {
  std::string error;
  auto files = LoadVectorDirectory(DefaultVectorRoot(), &error);
  EXPECT_TRUE(files.has_value()) << error;
  return files ? std::move(*files) : std::vector<VectorFile>{};
}

}  // namespace lbconform::vectors::testing

#endif  // LBCONFORM_VECTORS_TESTING_LOAD_VECTORS_H_
