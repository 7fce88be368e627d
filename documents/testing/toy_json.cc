#include "documents/testing/toy_json.h"

#include "documents/json_reader.h"

namespace lbconform {

using nlohmann::json;
using namespace json_reader;

namespace {

std::int64_t WholeNumber(const json& value, const std::string& path, std::int64_t max) {
  if (!value.is_number_integer()) Fail(ErrorCode::WRONG_TYPE, path, "expected a whole number");
  const std::int64_t n = value.is_number_unsigned() && value.get<std::uint64_t>() > static_cast<std::uint64_t>(max)
                             ? max + 1
                             : value.get<std::int64_t>();
  if (n < 0 || n > max) Fail(ErrorCode::VALUE_OUT_OF_RANGE, path, fmt::format("{} is not in [0, {}]", n, max));
  return n;
}

ToyScenario ReadToy(const json& document) {
  Object root(document, "", /*strict=*/true);
  const std::string kind = root.RequireString("kind");
  if (kind != NameOf(ScenarioKind::kToy)) Fail(ErrorCode::UNKNOWN_KIND, "/kind", fmt::format("'{}' is not toy", kind));
  ToyScenario s;
  const json& numbers = RequireArray(root.Require("numbers"), "/numbers");
  if (numbers.size() > kMaxToyNumbers) {
    Fail(ErrorCode::TOO_MANY_OBJECTS, "/numbers", fmt::format("more than {} numbers", kMaxToyNumbers));
  }
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    s.numbers.push_back(WholeNumber(numbers[i], fmt::format("/numbers/{}", i), kMaxToyNumber));
  }
  s.limit = WholeNumber(root.Require("limit"), "/limit", kMaxToyNumber * static_cast<std::int64_t>(kMaxToyNumbers));
  root.Finish();
  return s;
}

}  // namespace

DecodedToy DecodeToyDocument(const json& document) {
  DecodedToy result;
  result.scenario = Catching([&] { return ReadToy(document); }, result.errors);
  return result;
}

json EncodeToyScenario(const ToyScenario& scenario) {
  return {{"kind", NameOf(ScenarioKind::kToy)}, {"numbers", scenario.numbers}, {"limit", scenario.limit}};
}

json EncodeToyDecision(const ToyDecision& decision) {
  if (!decision.valid()) return EncodeDecision(InvalidDecision(decision.errors));
  return {{"valid", true}, {"errors", json::array()}, {"total", decision.total}, {"overLimit", decision.over_limit}};
}

std::optional<ToyDecision> DecodeToyDecision(const json& document, std::string* problem) {
  return Catching(
      [&]() -> ToyDecision {
        Object root(document, "", /*strict=*/false);
        if (!root.Bool("valid", false)) {
          std::string why;
          const std::optional<PassthroughDecision> invalid = DecodeDecision(document, &why);
          if (!invalid) Fail(ErrorCode::WRONG_TYPE, "", why);
          return InvalidToyDecision(invalid->errors);
        }
        ToyDecision d;
        const json& total = root.Require("total");
        if (!total.is_number_integer()) Fail(ErrorCode::WRONG_TYPE, "/total", "expected a whole number");
        d.total = total.get<std::int64_t>();
        d.over_limit = root.Bool("overLimit", false);
        return d;
      },
      problem);
}

json DecideToyDocument(const Engine& engine, const json& document, Profile, EncodeOptions) {
  const DecodedToy decoded = DecodeToyDocument(document);
  if (!decoded.scenario) return EncodeToyDecision(InvalidToyDecision(decoded.errors));
  return EncodeToyDecision(As<ToyEngine>(engine)->DecideToy(*decoded.scenario));
}

std::optional<std::string> ToyRoundTrip(const Engine& engine, const json& document) {
  const DecodedToy decoded = DecodeToyDocument(document);
  if (!decoded.scenario) {
    if (decoded.errors.empty()) return "toy rejected without an error";
    return std::nullopt;
  }
  const json encoded = EncodeToyScenario(*decoded.scenario);
  const DecodedToy again = DecodeToyDocument(encoded);
  if (!again.scenario || EncodeToyScenario(*again.scenario) != encoded) return "toy round trip changed it";
  const ToyEngine& decider = *As<ToyEngine>(engine);
  if (!SameToyDecision(decider.DecideToy(*decoded.scenario), decider.DecideToy(*again.scenario))) {
    return "the same toy scenario decided twice differs";
  }
  return std::nullopt;
}

}  // namespace lbconform
