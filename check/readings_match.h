// What `lbconform check` knows of the readings (readings/): whether an answer
// that differs from lbconform's reading is the accepted other reading of a
// gap, whether an implementation mixes the two readings of a gap across cases
// (vectors/README.md, rule 4: a reading is accepted everywhere, so mixing is a
// misreading), and which known misreadings answer a finding's case alike.
#ifndef LBCONFORM_CHECK_READINGS_MATCH_H_
#define LBCONFORM_CHECK_READINGS_MATCH_H_

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/catalogue.h"
#include "readings/wrong_engines.h"

namespace lbconform {

// AnswerOfReading is the decision document `reading` gives for a case, as an
// adapter serving it would answer (a misreading of the document format reads
// the document itself).
nlohmann::json AnswerOfReading(const readings::WrongEngine& reading, ScenarioKind kind, const nlohmann::json& document,
                               Profile profile);

// SameNormativeAnswer tells whether `actual` answers as `decision` does, as
// check and the runner compare: the normative fields, or the first error code.
bool SameNormativeAnswer(ScenarioKind kind, const nlohmann::json& decision, const nlohmann::json& actual);

// GapOf is the gap an accepted reading is the other reading of ("GAP-5"), or
// empty when it names none (a baseline).
std::string GapOf(const readings::WrongEngineInfo& info);

// MisreadingsAnswering lists, for a finding, each known misreading of `kind`
// whose answer on the case is `actual`.
std::vector<const readings::WrongEngineInfo*> MisreadingsAnswering(ScenarioKind kind, const nlohmann::json& document,
                                                                   Profile profile, const nlohmann::json& actual);
// MisreadingNamesAnswering: the names of those misreadings, sorted.
std::vector<std::string> MisreadingNamesAnswering(ScenarioKind kind, const nlohmann::json& document, Profile profile,
                                                  const nlohmann::json& actual);
// AcceptedReadingAnswering: an accepted other reading of a gap whose answer on
// the case is `actual`, or null.
const readings::WrongEngineInfo* AcceptedReadingAnswering(ScenarioKind kind, const nlohmann::json& document,
                                                          Profile profile, const nlohmann::json& actual);
// AlikeText: "`float-division`: compares healthy / total >= ratio as doubles (FO-12 FO-13)".
std::string AlikeText(const readings::WrongEngineInfo& info);
// ClausesMisread: the clause IDs (not the gaps) a misreading names.
std::vector<std::string> ClausesMisread(const readings::WrongEngineInfo& info);

// A case check drew: its index, profile and document.
struct ReadingCase {
  std::uint64_t index = 0;
  Profile profile = Profile::kSpecDocs;
  nlohmann::json document;
};

// ReadingMix: an implementation took an accepted other reading on one case
// and lbconform's reading on another where the two readings differ.
struct ReadingMix {
  const readings::WrongEngineInfo* reading = nullptr;
  std::string gap;
  ReadingCase lbconform_case;  // answered as lbconform reads the gap
  ReadingCase other_case;      // answered as the other reading does
};

// CheckReadings follows one kind's cases through a check. A disagreement that
// equals the answer of an accepted other reading is that reading's case, not
// a finding. A reading counts as taken only on a case that no other accepted
// reading answers alike; from then on every case answered as lbconform reads
// it is checked against that reading, and the cases before it are drawn again
// (a case is a function of its index) and checked too.
class CheckReadings {
 public:
  // Redraw gives case `index` again (nullopt when the generator gives up).
  using Redraw = std::function<std::optional<ReadingCase>(std::uint64_t index)>;
  CheckReadings(ScenarioKind kind, std::uint64_t first_case, Redraw redraw);

  // OtherReading: for a disagreement, the accepted reading whose answer is
  // `actual`, or null. Records the case.
  const readings::WrongEngineInfo* OtherReading(std::uint64_t index, Profile profile, const nlohmann::json& document,
                                                const nlohmann::json& actual);
  // Agreed: a case answered as lbconform reads it (`expected`); checks it
  // against the readings taken so far.
  void Agreed(std::uint64_t index, Profile profile, const nlohmann::json& document, const nlohmann::json& expected);
  // NotAgreed: a case with no answer to compare (unsupported, adapter error).
  void NotAgreed(std::uint64_t index) { not_agreed_.insert(index); }
  // Mix: the first mix found, once there is one.
  const std::optional<ReadingMix>& mix() const { return mix_; }
  bool empty() const { return readings_.empty(); }

  // How far back the first case of a reading looks: the cases before it that
  // are drawn again (each costs a draw and two decisions).
  static constexpr std::uint64_t kMaxLookBack = 50'000;

 private:
  struct Reading {
    readings::WrongEngine engine;
    std::string gap;
    std::optional<ReadingCase> taken;  // the first case answered as this reading alone
  };
  bool Differs(const Reading& reading, Profile profile, const nlohmann::json& document,
               const nlohmann::json& expected) const;
  void LookBack(Reading& reading);

  ScenarioKind kind_;
  std::uint64_t first_case_;
  Redraw redraw_;
  std::vector<Reading> readings_;
  std::set<std::uint64_t> not_agreed_;
  std::optional<ReadingMix> mix_;
};

}  // namespace lbconform

#endif  // LBCONFORM_CHECK_READINGS_MATCH_H_
