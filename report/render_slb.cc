// Service LB policy plans for people: the explain table and the SVG plot.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <string>

#include "report/render.h"

namespace lbconform {
namespace {

std::string Percent(Milli part, Milli whole) {
  if (whole <= 0) return part > 0 ? "over" : "";
  return fmt::format("{}%", (part * 100 + whole / 2) / whole);
}

std::string StateOf(const BackendState& b) {
  std::string out;
  if (b.drained) out += "DRAINED ";
  if (!b.drained && b.drain_candidate) out += "candidate ";
  if (b.below_failover_threshold) out += "below-threshold ";
  if (b.effective_capacity > 0 && b.assigned > b.effective_capacity) out += "overloaded ";
  return out.empty() ? "-" : out.substr(0, out.size() - 1);
}

}  // namespace

// Escape makes text safe inside an XML element or attribute. Characters XML
// 1.0 forbids even as references (C0 controls but tab, newline and return;
// U+FFFE and U+FFFF) become U+FFFD, so a name never breaks the SVG. The text
// is valid UTF-8: it comes from a JSON document the reader validated.
std::string XmlEscape(std::string_view text) {
  static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto byte = static_cast<unsigned char>(c);
    if (byte == 0xEF && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xBF &&
        (static_cast<unsigned char>(text[i + 2]) == 0xBE || static_cast<unsigned char>(text[i + 2]) == 0xBF)) {
      out += kReplacement;
      i += 2;
      continue;
    }
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      case '\t':
      case '\n':
      case '\r':
        out += c;
        break;
      default:
        if (byte < 0x20) {
          out += kReplacement;
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string RenderSlbExplanation(const SlbScenario* s, const SlbDecision& d, std::string_view engine) {
  std::string out = fmt::format("lbconform explain — service LB policy, engine {}\n\n", engine);
  if (!d.valid()) {
    out += "REJECTED: the configuration is not one the text accepts.\n";
    for (const Error& e : d.errors) {
      out += fmt::format("  {} at {}: {}\n", NameOf(e.code), e.path.empty() ? "/" : e.path, e.message);
      const auto& info = AllErrorCodes()[static_cast<std::size_t>(e.code)];
      if (auto clause = ClauseFromId(info.clause))
        out += fmt::format("    [{}] {}\n", info.clause, InfoOf(*clause).paraphrase);
    }
    return out;
  }
  if (s != nullptr) {
    out += fmt::format("Load balancer {}, backend service {}, plan at t={} s\n", NameOf(s->load_balancer),
                       s->name.empty() ? "(unnamed)" : s->name, s->at);
  }
  out += fmt::format(
      "Policy: {}, failover threshold {}%, auto-capacity drain {}, isolation {}\n\n", NameOf(d.policy.algorithm),
      d.policy.failover_health_threshold, d.policy.auto_capacity_drain ? "on" : "off",
      d.policy.isolation_enforced ? std::string(NameOf(d.policy.isolation_mode)) : std::string("not enforced"));
  out += "Steps\n";
  for (const TraceStep& step : d.trace) out += fmt::format("  [{}] {}\n", IdOf(step.clause), step.text);
  out += "\nPlan (load units per second; capacity = target capacity x scaler, 0 when drained)\n";
  out += fmt::format("  {:<30} {:<10} {:>7} {:>7} {:<26} {:>10} {:>10} {:>5}\n", "region / zone / backend",
                     "preference", "members", "healthy", "state", "capacity", "assigned", "use");
  if (s != nullptr) {
    for (const SlbRegion& r : s->regions) {
      Milli rc = 0, ra = 0;
      for (std::size_t i = 0; i < s->backends.size(); ++i) {
        if (s->backends[i].region != r.name) continue;
        rc += d.backends[i].effective_capacity;
        ra += d.backends[i].assigned;
      }
      out += fmt::format("  {:<30} {:<10} {:>7} {:>7} {:<26} {:>10} {:>10} {:>5}\n", r.name, "", "", "", "",
                         MilliToString(rc), MilliToString(ra), Percent(ra, rc));
      std::vector<std::string> zones = r.zones;
      zones.push_back("");  // regional backends
      for (const std::string& z : zones) {
        bool header = false;
        for (std::size_t i = 0; i < s->backends.size(); ++i) {
          const SlbBackend& sb = s->backends[i];
          if (sb.region != r.name || sb.zone != z) continue;
          if (!header) {
            out += fmt::format("    {}\n", z.empty() ? "(regional)" : z);
            header = true;
          }
          const BackendState& b = d.backends[i];
          out +=
              fmt::format("      {:<26} {:<10} {:>7} {:>7} {:<26} {:>10} {:>10} {:>5}\n", b.name, NameOf(sb.preference),
                          b.members, b.healthy, StateOf(b), MilliToString(b.effective_capacity),
                          MilliToString(b.assigned), Percent(b.assigned, b.effective_capacity));
        }
      }
    }
  }
  out += "\nClient locations\n";
  for (const ClientPlan& c : d.clients) {
    std::map<std::string, Milli> by_region;
    for (const Assignment& a : c.assignments) {
      by_region[s != nullptr ? s->backends[a.backend].region : d.backends[a.backend].name] += a.load;
    }
    std::string where;
    for (const std::string& r : c.regions_served)
      where += fmt::format("{}{} {}", where.empty() ? "" : ", ", r, MilliToString(by_region[r]));
    out += fmt::format("  {:<16} offers {:>10} -> {}{}\n", c.name, MilliToString(c.offered),
                       where.empty() ? "nowhere" : where,
                       c.dropped > 0 ? fmt::format("; DROPPED {}", MilliToString(c.dropped)) : "");
    if (!c.zones_served.empty()) out += fmt::format("  {:<16} zones {}\n", "", fmt::join(c.zones_served, ", "));
  }
  out += fmt::format("\nTotals: offered {}, assigned {}, dropped {}\n", MilliToString(d.offered()),
                     MilliToString(d.assigned()), MilliToString(d.dropped()));
  out +=
      "Normative: the policy, each backend's drainCandidate, drained, belowFailoverThreshold and effectiveCapacity,\n"
      "each client location's regionsServed, zonesServed and whether anything is dropped. The numbers are lbconform's "
      "model "
      "(GAP-24).\n";
  return out;
}

namespace {

// The plot's layout: client locations on the left, one band per region on the
// right with its zones side by side and one bar per backend (height =
// capacity, fill = assigned load); a line per client and region, as thick as
// the load.
constexpr int kLeft = 40, kClientWidth = 190, kRegionX = 340, kBarWidth = 34, kBarGap = 14, kZoneGap = 26;
constexpr int kBarMax = 110, kBandPad = 44;
constexpr int kBandHeight = kBarMax + 116;

// SvgScale: bars scale to the largest capacity or load, lines to the largest offer.
struct SvgScale {
  Milli max_capacity = 1;
  Milli max_flow = 1;
  int BarHeight(Milli v) const { return static_cast<int>((v * kBarMax + max_capacity - 1) / max_capacity); }
};

SvgScale ScaleOf(const SlbDecision& d) {
  SvgScale scale;
  for (const BackendState& b : d.backends) scale.max_capacity = std::max({scale.max_capacity, b.capacity, b.assigned});
  for (const ClientPlan& c : d.clients) scale.max_flow = std::max(scale.max_flow, c.offered);
  return scale;
}

// BackendBarSvg: one backend's bar at `bx` standing on `base`: its capacity
// (hatched when drained, orange outline below the failover threshold), the
// load within capacity, the load beyond it, its labels and tooltip.
std::string BackendBarSvg(const BackendState& b, bool preferred, int bx, int base, const SvgScale& scale) {
  const std::string color = preferred ? "#8430ce" : "#1a73e8";
  const int cap_h = scale.BarHeight(b.capacity);
  const int used_h = scale.BarHeight(std::min(b.assigned, std::max<Milli>(b.effective_capacity, 0)));
  const int over_h = b.assigned > b.effective_capacity ? scale.BarHeight(b.assigned) - used_h : 0;
  std::string svg =
      fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}" stroke="{}" stroke-width="{}"/>)", bx,
                  base - cap_h, kBarWidth, cap_h, b.drained ? "url(#hatch)" : "#ffffff",
                  b.below_failover_threshold ? "#e37400" : color, b.below_failover_threshold ? 3 : 1.5);
  if (used_h > 0) {
    svg += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>)", bx, base - used_h, kBarWidth,
                       used_h, color);
  }
  if (over_h > 0) {
    svg += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="#d93025"/>)", bx, base - used_h - over_h,
                       kBarWidth, over_h);
  }
  svg += fmt::format(
      R"(<text x="{}" y="{}" class="small" text-anchor="middle">{}</text><text x="{}" y="{}" class="tiny" text-anchor="middle">{}/{}{}</text>)",
      bx + kBarWidth / 2, base + 13, XmlEscape(b.name), bx + kBarWidth / 2, base + 25, MilliToString(b.assigned),
      MilliToString(b.effective_capacity), b.drained ? " drained" : "");
  svg += fmt::format(R"(<title>{}: {} healthy of {}, capacity {}, assigned {}{}{}</title>)", XmlEscape(b.name),
                     b.healthy, b.members, MilliToString(b.effective_capacity), MilliToString(b.assigned),
                     b.drained ? ", drained" : "", b.below_failover_threshold ? ", below the failover threshold" : "");
  return svg;
}

// RegionBand is one region's band: its SVG and where it ends.
struct RegionBand {
  std::string svg;
  int right = 0;  // x after the last zone
  Milli capacity = 0;
  Milli assigned = 0;
};

// ZonesSvg draws a region's zones side by side from x = kRegionX + 16, each
// with its backends' bars, and totals the region's capacity and load.
RegionBand ZonesSvg(const SlbScenario& s, const SlbDecision& d, const SlbRegion& r, int band_top,
                    const SvgScale& scale) {
  RegionBand band;
  int x = kRegionX + 16;
  for (const std::string& z : r.zones) {
    std::vector<std::size_t> members;
    for (std::size_t i = 0; i < s.backends.size(); ++i) {
      if (s.backends[i].zone == z) members.push_back(i);
    }
    const int zone_width = std::max(90, static_cast<int>(members.size()) * (kBarWidth + kBarGap) + kBarGap);
    band.svg += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" rx="6" fill="#f8f9fa" stroke="#dadce0"/>)"
                            R"(<text x="{}" y="{}" class="zone">{}</text>)",
                            x, band_top + 30, zone_width, kBarMax + 70, x + 8, band_top + 46, XmlEscape(z));
    int bx = x + kBarGap;
    const int base = band_top + 30 + kBarMax + 30;
    for (std::size_t i : members) {
      const BackendState& b = d.backends[i];
      band.capacity += b.effective_capacity;
      band.assigned += b.assigned;
      band.svg += BackendBarSvg(b, s.backends[i].preference == Preference::kPreferred, bx, base, scale);
      bx += kBarWidth + kBarGap;
    }
    x += zone_width + kZoneGap;
  }
  band.right = x;
  return band;
}

// RegionsSvg: the region bands stacked from the top, the y where each
// region's flows arrive, and the plot's width and the y below the last band.
struct RegionsLayout {
  std::string svg;
  std::map<std::string, int> arrival_y;
  int width = kRegionX + 420;
  int bottom = 84;
};

RegionsLayout RegionsSvg(const SlbScenario& s, const SlbDecision& d, const SvgScale& scale) {
  RegionsLayout out;
  int y = out.bottom;
  for (const SlbRegion& r : s.regions) {
    const RegionBand band = ZonesSvg(s, d, r, y, scale);
    out.width = std::max(out.width, band.right + 20);
    out.svg += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" rx="10" fill="#ffffff" stroke="#5f6368"/>)"
                           R"(<text x="{}" y="{}" class="region">{} — {} of {} used</text>)",
                           kRegionX, y, band.right - kRegionX - kZoneGap + 32, kBandHeight, kRegionX + 12, y + 20,
                           XmlEscape(r.name), MilliToString(band.assigned), MilliToString(band.capacity));
    out.svg += band.svg;
    out.arrival_y[r.name] = y + kBandHeight / 2;
    y += kBandHeight + kBandPad;
  }
  out.bottom = y;
  return out;
}

// ClientsSvg: each client location's box (and what it dropped), and its flows
// to each region it is served from, labels stacked above the arrival point.
struct ClientsLayout {
  std::string boxes;
  std::string flows;
};

ClientsLayout ClientsSvg(const SlbScenario& s, const SlbDecision& d, const RegionsLayout& regions,
                         const SvgScale& scale) {
  ClientsLayout out;
  std::map<std::string, int> label_slot;
  for (std::size_t i = 0; i < d.clients.size(); ++i) {
    const ClientPlan& c = d.clients[i];
    const int cy = 100 + static_cast<int>(i) * 90;
    out.boxes += fmt::format(
        R"(<rect x="{}" y="{}" width="{}" height="54" rx="8" fill="#e8f0fe" stroke="#1a73e8"/>)"
        R"(<text x="{}" y="{}" class="client">{}</text><text x="{}" y="{}" class="small">offers {}</text>)",
        kLeft, cy, kClientWidth, kLeft + 10, cy + 22, XmlEscape(c.name), kLeft + 10, cy + 42, MilliToString(c.offered));
    std::map<std::string, Milli> by_region;
    for (const Assignment& a : c.assignments) by_region[s.backends[a.backend].region] += a.load;
    for (const auto& [region, load] : by_region) {
      const auto arrival = regions.arrival_y.find(region);
      const int ty = arrival == regions.arrival_y.end() ? 0 : arrival->second;
      const double thickness = 2.0 + 14.0 * static_cast<double>(load) / static_cast<double>(scale.max_flow);
      const int slot = label_slot[region]++;
      out.flows += fmt::format(
          R"(<path d="M{} {} C{} {} {} {} {} {}" stroke="#1a73e8" stroke-opacity="0.45" stroke-width="{:.1f}" fill="none"/>)"
          R"(<text x="{}" y="{}" class="small" text-anchor="end">{} {}</text>)",
          kLeft + kClientWidth, cy + 27, kLeft + kClientWidth + 60, cy + 27, kRegionX - 60, ty, kRegionX, ty, thickness,
          kRegionX - 6, ty - 10 - 14 * slot, XmlEscape(c.name), MilliToString(load));
    }
    if (c.dropped > 0) {
      out.boxes += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="22" rx="4" fill="#fce8e6" stroke="#d93025"/>)"
                               R"(<text x="{}" y="{}" class="small" fill="#d93025">dropped {}</text>)",
                               kLeft, cy + 58, kClientWidth, kLeft + 8, cy + 73, MilliToString(c.dropped));
    }
  }
  return out;
}

// SvgDocument wraps the drawing: title, subtitle, totals and the legend.
std::string SvgDocument(const SlbScenario& s, const SlbDecision& d, int width, int height, const std::string& drawing) {
  const std::string title =
      fmt::format("{} — {}", s.name.empty() ? "backend service" : s.name, NameOf(s.load_balancer));
  const std::string subtitle = fmt::format(
      "{}, failover threshold {}%, auto-capacity drain {}, isolation {}; plan at t={} s", NameOf(d.policy.algorithm),
      d.policy.failover_health_threshold, d.policy.auto_capacity_drain ? "on" : "off",
      d.policy.isolation_enforced ? std::string(NameOf(d.policy.isolation_mode)) : "off", s.at);
  const int legend_y = height - 24;
  return fmt::format(
      R"svg(<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="Helvetica, Arial, sans-serif">
<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#e8eaed"/><line x1="0" y1="0" x2="0" y2="6" stroke="#9aa0a6" stroke-width="2"/></pattern>
<style>.title{{font-size:16px;font-weight:bold}} .region{{font-size:14px;font-weight:bold}} .zone{{font-size:12px;fill:#5f6368}} .client{{font-size:14px;font-weight:bold}} .small{{font-size:11px}} .tiny{{font-size:9px;fill:#5f6368}}</style></defs>
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="{left}" y="32" class="title">{title}</text>
<text x="{left}" y="50" class="small">{subtitle}</text>
<text x="{left}" y="64" class="small">Bars: height = capacity, fill = assigned load. Offered {offered}, assigned {assigned}, dropped {dropped}.</text>
{drawing}
<g class="small"><rect x="{left}" y="{ly}" width="12" height="12" fill="#1a73e8"/><text x="{l1}" y="{lt}">DEFAULT</text>
<rect x="{l2}" y="{ly}" width="12" height="12" fill="#8430ce"/><text x="{l3}" y="{lt}">PREFERRED</text>
<rect x="{l4}" y="{ly}" width="12" height="12" fill="url(#hatch)" stroke="#9aa0a6"/><text x="{l5}" y="{lt}">drained</text>
<rect x="{l6}" y="{ly}" width="12" height="12" fill="#ffffff" stroke="#e37400" stroke-width="3"/><text x="{l7}" y="{lt}">below failover threshold</text>
<rect x="{l8}" y="{ly}" width="12" height="12" fill="#d93025"/><text x="{l9}" y="{lt}">over capacity / dropped</text></g>
</svg>
)svg",
      fmt::arg("w", width), fmt::arg("h", height), fmt::arg("left", kLeft), fmt::arg("title", XmlEscape(title)),
      fmt::arg("subtitle", XmlEscape(subtitle)), fmt::arg("offered", MilliToString(d.offered())),
      fmt::arg("assigned", MilliToString(d.assigned())), fmt::arg("dropped", MilliToString(d.dropped())),
      fmt::arg("drawing", drawing), fmt::arg("ly", legend_y), fmt::arg("lt", legend_y + 10), fmt::arg("l1", kLeft + 16),
      fmt::arg("l2", kLeft + 90), fmt::arg("l3", kLeft + 106), fmt::arg("l4", kLeft + 190), fmt::arg("l5", kLeft + 206),
      fmt::arg("l6", kLeft + 270), fmt::arg("l7", kLeft + 286), fmt::arg("l8", kLeft + 440),
      fmt::arg("l9", kLeft + 456));
}

}  // namespace

std::string RenderSlbSvg(const SlbScenario& s, const SlbDecision& d) {
  const SvgScale scale = ScaleOf(d);
  const RegionsLayout regions = RegionsSvg(s, d, scale);
  const ClientsLayout clients = ClientsSvg(s, d, regions, scale);
  const int height = std::max(regions.bottom + 40, 120 + static_cast<int>(d.clients.size()) * 90);
  return SvgDocument(s, d, regions.width, height, clients.flows + clients.boxes + regions.svg);
}

}  // namespace lbconform
