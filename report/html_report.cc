#include "report/html_report.h"

#include <fmt/format.h>

#include <optional>
#include <vector>

#include "documents/documents.h"
#include "engines/engines.h"
#include "report/explain_kinds.h"
#include "report/render.h"

namespace lbconform {

using nlohmann::json;

namespace {

std::string Html(std::string_view text) { return XmlEscape(text); }

std::string Dump(const json& value, int indent = -1) {
  return value.dump(indent, ' ', false, json::error_handler_t::replace);
}

int Int(const json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_number_integer() ? it->get<int>() : 0;
}

std::string Str(const json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : "";
}

// FieldPath turns a diff's field ("eligible.kind", "steps[2].connections",
// "errors[].code") into the keys and indices to follow; it stops at an index
// it cannot follow, so the whole list is marked.
std::vector<json> FieldPath(const std::string& field) {
  std::vector<json> path;
  std::size_t start = 0;
  while (start < field.size()) {
    std::size_t end = field.find('.', start);
    if (end == std::string::npos) end = field.size();
    const std::string segment = field.substr(start, end - start);
    const std::size_t bracket = segment.find('[');
    path.emplace_back(segment.substr(0, bracket));
    if (bracket != std::string::npos) {
      const std::string index = segment.substr(bracket + 1, segment.find(']', bracket) - bracket - 1);
      if (index.empty() || index.find_first_not_of("0123456789") != std::string::npos || index.size() > 9) break;
      path.emplace_back(std::stoi(index));
    }
    start = end + 1;
  }
  return path;
}

// Pretty renders `value` as indented JSON, the part at `mark` (when the path
// leads there) wrapped in <mark>. Depth is bounded by the report's writer.
void Pretty(const json& value, const std::vector<json>& mark, std::size_t matched, bool on_path, int indent,
            std::string& out) {
  const bool marked = on_path && matched == mark.size() && !mark.empty();
  if (marked) out += "<mark class=\"diff\">";
  const std::string pad(static_cast<std::size_t>(indent + 2), ' ');
  const std::string close_pad(static_cast<std::size_t>(indent), ' ');
  if (value.is_object() && !value.empty()) {
    out += "{\n";
    std::size_t i = 0;
    for (auto it = value.begin(); it != value.end(); ++it, ++i) {
      const bool next = on_path && !marked && matched < mark.size() && mark[matched].is_string() &&
                        mark[matched].get<std::string>() == it.key();
      out += pad + Html(Dump(json(it.key()))) + ": ";
      Pretty(*it, mark, matched + 1, next, indent + 2, out);
      out += i + 1 < value.size() ? ",\n" : "\n";
    }
    out += close_pad + "}";
  } else if (value.is_array() && !value.empty()) {
    out += "[\n";
    for (std::size_t i = 0; i < value.size(); ++i) {
      const bool next = on_path && !marked && matched < mark.size() && mark[matched].is_number_integer() &&
                        mark[matched].get<std::size_t>() == i;
      out += pad;
      Pretty(value[i], mark, matched + 1, next, indent + 2, out);
      out += i + 1 < value.size() ? ",\n" : "\n";
    }
    out += close_pad + "]";
  } else {
    out += Html(Dump(value));
  }
  if (marked) out += "</mark>";
}

std::string PrettyMarked(const json& value, const std::string& field) {
  std::string out;
  Pretty(value, FieldPath(field), 0, true, 0, out);
  return out;
}

std::string CountsRow(const std::string& name, const json& c, const std::string& extra = "") {
  const int failed = Int(c, "failed") + Int(c, "adapterErrors");
  const int skipped = Int(c, "unsupported") + Int(c, "knownFailures") + Int(c, "notReached");
  return fmt::format(
      "<tr class=\"{}\"><th>{}</th>{}<td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>\n",
      failed > 0 ? "bad" : "good", Html(name), extra, Int(c, "passed"), failed, skipped);
}

// Plot is the reference's service-LB plan of a failing case's scenario, as SVG.
std::string Plot(const json& result) {
  const auto input = result.find("input");
  if (Str(result, "kind") != "service-lb-policy" || input == result.end() || !input->is_object()) return "";
  const Engine* reference = AvailableEngines().empty() ? nullptr : AvailableEngines().front();
  const std::optional<ScenarioKind> kind = DocumentKind(*input);
  if (reference == nullptr || !kind || CommandsOf(*kind).plot == nullptr || !Implements(*reference, *kind)) return "";
  const Shown shown =
      CommandsOf(*kind).plot(*reference, *input, ProfileFromName(Str(result, "profile")).value_or(Profile::kSpecDocs));
  if (!shown.valid) return "";
  return "<figure class=\"plot\">" + shown.text +
         "<figcaption>the expected plan (reference engine)</figcaption></figure>";
}

std::string OneReport(const json& report, int index) {
  std::string out;
  const json implementation = report.value("implementation", json::object());
  const json totals = report.value("totals", json::object());
  const bool conforms = report.value("conforms", false);
  out += fmt::format("<section class=\"report\" id=\"report-{}\">\n<h1>{} {}</h1>\n", index,
                     Html(Str(implementation, "name")), Html(Str(implementation, "version")));
  out += fmt::format("<p class=\"verdict {}\" id=\"verdict-{}\">{}</p>\n", conforms ? "good" : "bad", index,
                     Html(Str(report, "verdict")));
  out += fmt::format(
      "<p class=\"totals\"><span class=\"count\" id=\"total-passed-{0}\" data-count=\"{1}\">{1}</span> passed, "
      "<span class=\"count\" id=\"total-failed-{0}\" data-count=\"{2}\">{2}</span> failed, "
      "<span class=\"count\" id=\"total-skipped-{0}\" data-count=\"{3}\">{3}</span> skipped</p>\n",
      index, Int(totals, "passed"), Int(totals, "failed"), Int(totals, "skipped"));
  out += fmt::format(
      "<p class=\"meta\">vectors {} ({}) · started {} · finished {}{}</p>\n", Html(Str(report, "suiteVersion")),
      Html(Str(report, "vectorDigest")), Html(Str(report, "startedAt")), Html(Str(report, "finishedAt")),
      report.value("complete", true) ? "" : " · <b>incomplete: " + Html(Str(report, "stopReason")) + "</b>");
  out +=
      "<div "
      "class=\"tables\">\n<table><caption>Kinds</caption><tr><th>kind</th><th>implemented</th><th>passed</"
      "th><th>failed</th><th>skipped</th></tr>\n";
  const json kinds = report.value("kinds", json::object());
  const json profiles = report.value("profiles", json::object());
  const json clauses_counts = report.value("clauses", json::object());
  const json results = report.value("results", json::array());
  for (const auto& [kind, c] : kinds.items()) {
    out += CountsRow(kind, c, fmt::format("<td>{}</td>", c.value("implemented", false) ? "yes" : "no"));
  }
  out +=
      "</table>\n<table><caption>Profiles</caption><tr><th>profile</th><th>passed</th><th>failed</th><th>skipped</th></"
      "tr>\n";
  for (const auto& [profile, c] : profiles.items()) out += CountsRow(profile, c);
  out += "</table>\n</div>\n";
  // Clauses as "FO-12 94/94" chips, those with a failure first.
  std::string failing_chips, passing_chips;
  for (const auto& [clause, c] : clauses_counts.items()) {
    const int failed = Int(c, "failed") + Int(c, "adapterErrors");
    const int checked = Int(c, "passed") + failed;
    const int skipped = Int(c, "unsupported") + Int(c, "knownFailures") + Int(c, "notReached");
    (failed > 0 ? failing_chips : passing_chips) += fmt::format(
        "<span class=\"chip {}\" title=\"{} passed, {} failed, {} skipped\">{} {}/{}</span> ",
        failed > 0 ? "bad" : "good", Int(c, "passed"), failed, skipped, Html(clause), Int(c, "passed"), checked);
  }
  out += "<h2>Clauses</h2>\n<p class=\"chips\">" + failing_chips + passing_chips + "</p>\n";

  std::string rows;
  int failing = 0;
  for (const json& r : results) {
    const std::string disposition = Str(r, "disposition");
    if (disposition != "failed" && disposition != "adapter-error") continue;
    ++failing;
    const std::string field = Str(r, "field");
    std::string clauses;
    const json case_clauses = r.value("clauses", json::array());
    for (const json& c : case_clauses)
      clauses += (clauses.empty() ? "" : " ") + (c.is_string() ? c.get<std::string>() : "");
    const std::string input =
        r.contains("inputText") ? Html(Str(r, "inputText")) : PrettyMarked(r.value("input", json()), "");
    const std::string expected = PrettyMarked(r.value("expected", json()), field);
    const std::string actual = r.contains("actualText") ? Html(Str(r, "actualText"))
                               : r.contains("actual")   ? PrettyMarked(r["actual"], field)
                                                        : "<i>" + Html(Str(r, "detail")) + "</i>";
    rows += fmt::format(
        "<tbody class=\"case\" data-disposition=\"{0}\" data-kind=\"{1}\" data-profile=\"{2}\">\n"
        "<tr "
        "class=\"head\"><td>{0}</td><td><code>{3}</code></td><td>{2}</td><td>{1}</td><td>{4}</td><td><code>{5}</code></"
        "td></tr>\n"
        "<tr class=\"body\"><td colspan=\"6\"><p class=\"why\">{6}</p><p class=\"rerun\"><code>{7}</code></p>"
        "<div class=\"sides\"><div><h4>input</h4><pre>{8}</pre></div><div><h4>expected</h4><pre>{9}</pre></div>"
        "<div><h4>actual</h4><pre>{10}</pre></div></div>{11}</td></tr>\n</tbody>\n",
        Html(disposition), Html(Str(r, "kind")), Html(Str(r, "profile")), Html(Str(r, "id")), Html(clauses),
        Html(field.empty() ? Str(r, "detail") : field + " differs"), Html(Str(r, "comment")), Html(Str(r, "reproduce")),
        input, expected, actual, Plot(r));
  }
  out += fmt::format(
      "<h2>Failing cases (<span class=\"count\" id=\"failing-rows-{0}\" data-count=\"{1}\">{1}</span>)</h2>\n", index,
      failing);
  if (failing > 0) {
    out +=
        "<p class=\"filter\"><input type=\"search\" class=\"filter-text\" placeholder=\"filter: id, clause, field…\"> "
        "<select class=\"filter-kind\"><option value=\"\">every kind</option><option>passthrough</option>"
        "<option>passthrough-timeline</option><option>service-lb-policy</option></select> "
        "<span class=\"shown\"></span></p>\n";
    out +=
        "<table "
        "class=\"failures\"><thead><tr><th>result</th><th>case</th><th>profile</th><th>kind</th><th>clauses</"
        "th><th>what</th></tr></thead>\n" +
        rows + "</table>\n";
  }
  out += "</section>\n";
  return out;
}

constexpr const char* kStyle = R"(
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.5em;margin:.2em 0}.verdict{font-size:1.2em;font-weight:bold}
.good{color:#17692b}.bad{color:#a4161a}tr.good{color:inherit}tr.bad th{color:#a4161a}
.meta{color:#666}.tables{display:flex;gap:2em;flex-wrap:wrap;align-items:flex-start}
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #ddd;padding:2px 8px;text-align:left;vertical-align:top}
td.n{text-align:right}caption{font-weight:bold;text-align:left}
table.clauses{max-height:none}.failures{width:100%}.failures tr.head{background:#fbeaea}
.sides{display:grid;grid-template-columns:1fr 1fr 1fr;gap:1em}.sides pre{background:#f6f6f6;padding:.5em;overflow:auto;max-height:28em;font-size:12px}
mark.diff{background:#ffd24d;outline:1px solid #c90}.why{font-style:italic;margin:.2em 0}.rerun code{background:#eef;padding:2px 4px}
figure.plot svg{max-width:100%;height:auto}#console-errors{color:#a4161a}
.chips{line-height:2}.chip{display:inline-block;border:1px solid #ccc;border-radius:3px;padding:0 6px;margin:1px;font-size:12px;white-space:nowrap}
.chip.bad{background:#fbeaea;border-color:#a4161a;color:#a4161a;font-weight:bold}.chip.good{background:#eef7ee}
h2{font-size:1.15em;margin:1em 0 .3em}
)";

// The page's only script: filtering, and any script error written into the
// page itself (#console-errors) so a headless check can read it.
constexpr const char* kScript = R"(
(function(){
  var errors=[];
  function note(text){errors.push(String(text));var e=document.getElementById('console-errors');
    if(e){e.textContent=errors.join('\n');e.setAttribute('data-count',String(errors.length));}}
  window.addEventListener('error',function(ev){note(ev.message);});
  var original=console.error;console.error=function(){note(Array.prototype.join.call(arguments,' '));original.apply(console,arguments);};
  function setup(){
    document.querySelectorAll('section.report').forEach(function(section){
      var text=section.querySelector('.filter-text'),kind=section.querySelector('.filter-kind'),shown=section.querySelector('.shown');
      if(!text)return;
      function apply(){
        var needle=text.value.toLowerCase(),k=kind.value,n=0,cases=section.querySelectorAll('tbody.case');
        cases.forEach(function(c){var ok=(!k||c.getAttribute('data-kind')===k)&&(!needle||c.textContent.toLowerCase().indexOf(needle)>=0);
          c.style.display=ok?'':'none';if(ok)n++;});
        shown.textContent=n+' of '+cases.length+' shown';
      }
      text.addEventListener('input',apply);kind.addEventListener('change',apply);apply();
    });
    document.body.setAttribute('data-ready','yes');
  }
  if(document.readyState==='loading'){document.addEventListener('DOMContentLoaded',setup);}else{setup();}
})();
)";

}  // namespace

std::string HtmlReport(const json& report_or_reports) {
  const json reports = report_or_reports.is_array() ? report_or_reports : json::array({report_or_reports});
  std::string title = "lbconform report";
  if (!reports.empty()) title += ": " + Str(reports[0].value("implementation", json::object()), "name");
  std::string body;
  int index = 0;
  for (const json& report : reports) body += OneReport(report, index++);
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
      "script-src 'unsafe-inline'; img-src data:\">"
      "<title>{}</title><style>{}</style><script>{}</script></head>\n<body>\n{}"
      "<p id=\"console-errors\" data-count=\"0\"></p>\n</body></html>\n",
      Html(title), kStyle, kScript, body);
}

}  // namespace lbconform
