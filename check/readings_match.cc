#include "check/readings_match.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "documents/documents.h"
#include "reference/reference_engine.h"
#include "vectors/checks.h"

namespace lbconform {

using nlohmann::json;

namespace {

const reference::ReferenceEngine& UntracedReference() {
  static const reference::ReferenceEngine engine(/*trace=*/false);
  return engine;
}

std::vector<std::string> Words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

}  // namespace

json AnswerOfReading(const readings::WrongEngine& reading, ScenarioKind kind, const json& document, Profile profile) {
  if (std::optional<json> answer = readings::DocumentAnswer(reading.info(), kind, document, profile)) return *answer;
  return DecideDocument(reading, document, profile);
}

bool SameNormativeAnswer(ScenarioKind kind, const json& decision, const json& actual) {
  vectors::VectorTest test;
  test.kind = kind;
  test.result = decision.value("valid", false) ? vectors::Result::kValid : vectors::Result::kInvalid;
  test.expected = {decision};
  std::string field;
  return vectors::ExpectationMatches(test, actual, &field);
}

std::string GapOf(const readings::WrongEngineInfo& info) {
  for (const std::string& id : Words(info.misreads)) {
    if (id.starts_with("GAP-")) return id;
  }
  return "";
}

std::string AlikeText(const readings::WrongEngineInfo& info) {
  return fmt::format("`{}`: {} ({})", info.name, info.reading, info.misreads);
}

std::vector<std::string> ClausesMisread(const readings::WrongEngineInfo& info) {
  std::vector<std::string> clauses;
  for (const std::string& id : Words(info.misreads)) {
    if (!id.starts_with("GAP-")) clauses.push_back(id);
  }
  return clauses;
}

std::vector<const readings::WrongEngineInfo*> MisreadingsAnswering(ScenarioKind kind, const json& document,
                                                                   Profile profile, const json& actual) {
  std::vector<const readings::WrongEngineInfo*> alike;
  if (actual.is_null()) return alike;
  for (const readings::WrongEngineInfo& info : readings::AllMisreadings()) {
    if (info.expectation != readings::Expectation::kCaught || !readings::ChangesKind(info, kind)) continue;
    const readings::WrongEngine engine(info);
    if (SameNormativeAnswer(kind, AnswerOfReading(engine, kind, document, profile), actual)) {
      alike.push_back(&info);
    }
  }
  return alike;
}

std::vector<std::string> MisreadingNamesAnswering(ScenarioKind kind, const json& document, Profile profile,
                                                  const json& actual) {
  std::vector<std::string> names;
  for (const readings::WrongEngineInfo* alike : MisreadingsAnswering(kind, document, profile, actual)) {
    names.emplace_back(alike->name);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

const readings::WrongEngineInfo* AcceptedReadingAnswering(ScenarioKind kind, const json& document, Profile profile,
                                                          const json& actual) {
  if (actual.is_null()) return nullptr;
  for (const readings::WrongEngineInfo& info : readings::AllMisreadings()) {
    if (info.expectation != readings::Expectation::kAccepted || !ChangesKind(info, kind)) continue;
    if (GapOf(info).empty()) continue;  // a baseline, not another reading of a gap
    const readings::WrongEngine engine(info);
    if (SameNormativeAnswer(kind, AnswerOfReading(engine, kind, document, profile), actual)) return &info;
  }
  return nullptr;
}

CheckReadings::CheckReadings(ScenarioKind kind, std::uint64_t first_case, Redraw redraw)
    : kind_(kind), first_case_(first_case), redraw_(std::move(redraw)) {
  for (const readings::WrongEngineInfo& info : readings::AllMisreadings()) {
    if (info.expectation != readings::Expectation::kAccepted || !readings::ChangesKind(info, kind)) continue;
    std::string gap = GapOf(info);
    if (gap.empty()) continue;  // a baseline, not another reading of a gap
    readings_.push_back({readings::WrongEngine(info), std::move(gap), std::nullopt});
  }
}

bool CheckReadings::Differs(const Reading& reading, Profile profile, const json& document, const json& expected) const {
  return !SameNormativeAnswer(kind_, expected, AnswerOfReading(reading.engine, kind_, document, profile));
}

const readings::WrongEngineInfo* CheckReadings::OtherReading(std::uint64_t index, Profile profile, const json& document,
                                                             const json& actual) {
  not_agreed_.insert(index);  // not a case of lbconform's reading
  std::vector<Reading*> answering;
  for (Reading& reading : readings_) {
    if (SameNormativeAnswer(kind_, AnswerOfReading(reading.engine, kind_, document, profile), actual)) {
      answering.push_back(&reading);
    }
  }
  if (answering.empty()) return nullptr;
  // Only a case that one reading alone explains shows which reading is taken.
  if (answering.size() == 1 && !answering.front()->taken) {
    answering.front()->taken = ReadingCase{index, profile, document};
    LookBack(*answering.front());
  }
  // Counted for a reading already taken, when one of them answers alike.
  for (const Reading* reading : answering) {
    if (reading->taken) return &reading->engine.info();
  }
  return &answering.front()->engine.info();
}

void CheckReadings::Agreed(std::uint64_t index, Profile profile, const json& document, const json& expected) {
  if (mix_) return;
  for (Reading& reading : readings_) {
    if (reading.taken && Differs(reading, profile, document, expected)) {
      mix_ = ReadingMix{&reading.engine.info(), reading.gap, ReadingCase{index, profile, document}, *reading.taken};
      return;
    }
  }
}

void CheckReadings::LookBack(Reading& reading) {
  if (mix_ || !redraw_) return;
  const std::uint64_t until = reading.taken->index;
  const std::uint64_t from = until - first_case_ > kMaxLookBack ? until - kMaxLookBack : first_case_;
  for (std::uint64_t i = from; i < until; ++i) {
    if (not_agreed_.contains(i)) continue;
    const std::optional<ReadingCase> c = redraw_(i);
    if (!c) continue;
    const json expected = DecideDocument(UntracedReference(), c->document, c->profile);
    if (Differs(reading, c->profile, c->document, expected)) {
      mix_ = ReadingMix{&reading.engine.info(), reading.gap, *c, *reading.taken};
      return;
    }
  }
}

}  // namespace lbconform
