// What the document forms of each kind share (timeline_forms.h, slb_forms.h):
// a form's boundary class and the statement that makes it equivalent, the
// draws of its flags, and the wrapper that rewrites a kind's cases in a form
// drawn from a random stream of its own, so that a seed draws the same base
// cases with or without forms and shrinking tries the canonical form.
#ifndef LBCONFORM_CHECK_FORMS_H_
#define LBCONFORM_CHECK_FORMS_H_

#include <rapidcheck.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "check/check_case.h"

namespace lbconform::check {

// FormClass: a boundary class a form adds to a case ("document: …") and the
// anchor of the docs/spec statement that makes the form equivalent to the
// canonical document (`TL-2.3-a` is passthrough-timeline.md#TL-2.3-a).
struct FormClass {
  std::string_view anchor;
  std::string_view boundary;
};

namespace forms {

// Member: the member `key` of `object`, when both exist (null included).
nlohmann::json* Member(nlohmann::json& object, std::string_view key);

// IsString: `value` is the string `text`.
bool IsString(const nlohmann::json* value, std::string_view text);

// OneIn: true one time in `n`, whatever RapidCheck's size; shrinks to false.
rc::Gen<bool> OneIn(int n);

// Reorder puts the entries of `array` in another order drawn from `seed`
// (never the same order when it has two entries or more).
void Reorder(nlohmann::json& array, std::uint32_t seed);

// WholeNumbersAsIntegers rewrites every floating-point number of `value`
// whose value is whole (1.0, 0.0, 1000.0) as a JSON integer; true when it
// rewrote one.
bool WholeNumbersAsIntegers(nlohmann::json& value);

// Rejected: the reference rejects the case (its classes say "rejected: CODE").
bool Rejected(const std::vector<std::string>& boundaries);

// WithForms: `base`'s cases, each rewritten by `apply` in the form `forms`
// draws from a stream of its own (`stream` tells the kinds' streams apart);
// the form shrinks towards its canonical value, which `apply` leaves alone.
template <typename Form, typename Apply>
rc::Gen<CheckCase> WithForms(rc::Gen<CheckCase> base, rc::Gen<Form> forms, std::uint64_t stream, Apply apply) {
  return rc::Gen<CheckCase>(
      [base = std::move(base), forms = std::move(forms), stream, apply](const rc::Random& random, int size) {
        rc::Random first = random;
        const rc::Random forms_random(first.next() ^ stream);
        return rc::shrinkable::map(rc::shrinkable::pair(base(random, size), forms(forms_random, size)),
                                   [apply](std::pair<CheckCase, Form> drawn) {
                                     CheckCase& c = drawn.first;
                                     if (!drawn.second.Canonical()) apply(drawn.second, c);
                                     return c;
                                   });
      });
}

}  // namespace forms
}  // namespace lbconform::check

#endif  // LBCONFORM_CHECK_FORMS_H_
