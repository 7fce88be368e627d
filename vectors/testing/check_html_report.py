#!/usr/bin/env python3
"""The HTML report in a real headless browser (Debian's chromium).

Copies the Python example adapter with one planted bug (never committed: the
copy lives in WORK), runs `lbconform run` on it with --report and
--summary-md, renders `lbconform report`, loads the page in headless
chromium and checks: the page's script ran, no console error, and the counts
on the page (totals, failing rows) match the JSON report. Takes a screenshot.

Then the same bug as a team that knows it would run it: every failure waived
by an --expectations file with a reason, and service-lb-policy left out of the
adapter's hello. That page must list each waived case with its reason, show
the kind as "not implemented" (not a green 0/0), give each clause chip its
clause's words, and the JSON's rerun command must keep --expectations; the
Markdown summary and the JUnit file must list the waived cases with their
reasons (JUnit: as skipped).

    check_html_report.py --lbconform BIN --adapter ADAPTER.py --work DIR [--screenshot PNG]
                         [--screenshot-waived PNG]
"""
import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, NoReturn, Optional

# The planted bug: a failover ratio met exactly no longer keeps the primaries
# (FO-13's "at least" read as "more than").
PLANT_FIND = 'Fraction(len(healthy_primaries), len(primaries)) >= x'
PLANT_REPLACE = 'Fraction(len(healthy_primaries), len(primaries)) > x'


def fail(message: str) -> NoReturn:
    print("check_html_report: " + message, file=sys.stderr)
    sys.exit(1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lbconform", required=True)
    parser.add_argument("--adapter", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--screenshot")
    parser.add_argument("--screenshot-waived")
    args = parser.parse_args()
    chromium = shutil.which("chromium")
    if chromium is None:
        fail("chromium is not installed (scripts/install-deps installs it)")
    work = Path(args.work)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)

    source = Path(args.adapter).read_text()
    if PLANT_FIND not in source:
        fail("the planted bug's line is not in the adapter any more: " + PLANT_FIND)
    planted = work / "planted_adapter.py"
    planted.write_text(source.replace(PLANT_FIND, PLANT_REPLACE, 1))

    report, summary, html = work / "report.json", work / "summary.md", work / "report.html"
    run = subprocess.run([args.lbconform, "run", "--impl", "python3 " + str(planted), "--profile", "spec-docs",
                          "--report", str(report), "--summary-md", str(summary)],
                         capture_output=True, text=True)
    (work / "run.txt").write_text(run.stdout)
    if run.returncode != 1:
        fail(f"run on the planted adapter exited {run.returncode}, not 1:\n{run.stdout[-3000:]}{run.stderr[-2000:]}")
    closing = run.stdout.strip().splitlines()[-1]
    if not re.fullmatch(r"run: \d+ passed, [1-9]\d* failed, \d+ skipped", closing):
        fail("the closing line is not 'run: N passed, N failed, N skipped': " + closing)
    data = json.loads(report.read_text())
    rendered = subprocess.run([args.lbconform, "report", str(report), "-o", str(html)], capture_output=True, text=True)
    if rendered.returncode != 0:
        fail("lbconform report failed: " + rendered.stderr)

    text = load_in_browser(chromium, work, html, args.screenshot)
    problems = page_problems(text, data)
    if problems:
        fail("\n".join(problems))
    totals = data["totals"]
    failing = sum(1 for r in data["results"] if r["disposition"] in ("failed", "adapter-error"))
    print(f"check_html_report: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped "
          f"on the page as in the JSON; {failing} failing rows; no console error")
    check_waived(args, chromium, work, source, data)


def load_in_browser(chromium: str, work: Path, html: Path, screenshot: Optional[str]) -> str:
    """The page's DOM after its script ran, from headless chromium."""
    browser = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--no-first-run", "--user-data-dir=" + str(work / "profile"), "--enable-logging=stderr", "--v=0"]
    page = html.resolve().as_uri()
    # One browser start gives the DOM after the page's script ran and the screenshot.
    shot = ["--hide-scrollbars", "--window-size=1280,1500", "--screenshot=" + screenshot] if screenshot else []
    dom = subprocess.run(browser + shot + ["--dump-dom", page], capture_output=True, text=True, timeout=120)
    if dom.returncode != 0 or "<body" not in dom.stdout:
        fail(f"chromium --dump-dom failed ({dom.returncode}): {dom.stderr[-2000:]}")
    if screenshot and not Path(screenshot).exists():
        fail("chromium wrote no screenshot: " + dom.stderr[-2000:])
    problems = [line for line in dom.stderr.splitlines()
                if "CONSOLE" in line and ("Uncaught" in line or "Error" in line) or "Refused to" in line]
    if problems:
        fail("browser log: " + "\n".join(problems))
    return dom.stdout


def count(text: str, element_id: str) -> int:
    m = re.search(r'id="' + re.escape(element_id) + r'"[^>]*data-count="(\d+)"', text)
    if m is None:
        m = re.search(r'data-count="(\d+)"[^>]*id="' + re.escape(element_id) + r'"', text)
    if m is None:
        fail("the page has no #" + element_id)
    return int(m.group(1))


def page_problems(text: str, data: dict[str, Any]) -> list[str]:
    """What the page says that the JSON report does not."""
    problems: list[str] = []
    if 'data-ready="yes"' not in text:
        problems.append("the page's script did not run to its end")
    if count(text, "console-errors") != 0:
        errors = re.search(r'id="console-errors"[^>]*>(.*?)</p>', text, re.S)
        problems.append("console errors on the page: " + (errors.group(1) if errors else "(their list is not on the page)"))
    totals = data["totals"]
    for name in ("passed", "failed", "skipped"):
        if count(text, "total-" + name + "-0") != totals[name]:
            problems.append(f"{name}: the page says {count(text, 'total-' + name + '-0')}, the JSON {totals[name]}")
    failing = sum(1 for r in data["results"] if r["disposition"] in ("failed", "adapter-error"))
    rows = text.count('<tbody class="case"')
    if count(text, "failing-rows-0") != failing or rows != failing:
        problems.append(f"failing rows: the page has {rows}, the JSON {failing}")
    if failing and '<mark class="diff">' not in text:
        problems.append("no differing field is highlighted")
    return problems


REASON = "planted bug: FO-13's 'at least' read as 'more than' (tracked in BUG-1234)"


def check_waived(args: argparse.Namespace, chromium: str, work: Path, source: str, first: dict[str, Any]) -> None:
    """The planted bug waived by an expectations file, one kind left out."""
    failures = [r for r in first["results"] if r["disposition"] in ("failed", "adapter-error")]
    expectations = work / "known-failures.json"
    expectations.write_text(json.dumps({"knownFailures": [
        {"id": r["id"], "profile": r["profile"], "reason": REASON} for r in failures]}, indent=2))
    planted = work / "planted_partial_adapter.py"
    hello = '"kinds": list(DECIDERS)'
    if hello not in source:
        fail("the example adapter's hello is not " + hello)
    planted.write_text(source.replace(PLANT_FIND, PLANT_REPLACE, 1).replace(
        hello, '"kinds": [k for k in DECIDERS if k != "service-lb-policy"]', 1))
    report, summary, junit, html = (work / "waived.json", work / "waived.md", work / "waived.xml",
                                    work / "waived.html")
    run = subprocess.run([args.lbconform, "run", "--impl", "python3 " + str(planted), "--profile", "spec-docs",
                          "--expectations", str(expectations), "--report", str(report), "--summary-md", str(summary),
                          "--junit", str(junit)], capture_output=True, text=True)
    (work / "waived.txt").write_text(run.stdout)
    if run.returncode != 0:
        fail(f"the run with every failure waived exited {run.returncode}, not 0:\n{run.stdout[-3000:]}{run.stderr[-2000:]}")
    data = json.loads(report.read_text())
    rendered = subprocess.run([args.lbconform, "report", str(report), "-o", str(html)], capture_output=True, text=True)
    if rendered.returncode != 0:
        fail("lbconform report failed: " + rendered.stderr)
    text = load_in_browser(chromium, work, html, args.screenshot_waived)
    problems = page_problems(text, data)
    waived = [r for r in data["results"] if r["disposition"] == "known-failure"]
    if len(waived) != len(failures):
        problems.append(f"{len(failures)} failures listed, {len(waived)} waived in the JSON")
    if any(r.get("knownFailureReason") != REASON for r in waived):
        problems.append("a waived case's knownFailureReason is not the expectations' reason")
    waived_rows = text.count('<tbody class="waived-case"')
    if count(text, "waived-rows-0") != len(waived) or waived_rows != len(waived):
        problems.append(f"waived rows: the page has {waived_rows}, the JSON {len(waived)}")
    escaped = REASON.replace("'", "&apos;")
    if text.count(escaped) + text.count(REASON) < len(waived):
        problems.append("the page does not give every waived case its reason")
    if "known failures waived" not in data["verdict"]:
        problems.append("the verdict does not say that failures were waived: " + data["verdict"])
    if not re.search(r'<tr class="na" data-kind="service-lb-policy"><th>service-lb-policy</th><td[^>]*>not implemented',
                     text):
        problems.append("service-lb-policy, not in the hello, is not shown as not implemented")
    if not re.search(r'<span class="chip [a-z]+" data-clause="FO-13" title="FO-13 \(Failover[^"]*\): [^"]{20,}', text):
        problems.append("the FO-13 chip's title does not carry the clause's words")
    if "--expectations" not in data["reproduce"] or any("--expectations" not in r["reproduce"] for r in waived):
        problems.append("the rerun commands leave --expectations out: " + data["reproduce"])
    markdown = summary.read_text()
    if f"Known failures waived by --expectations ({len(waived)})" not in markdown or markdown.count(REASON) < min(
            len(waived), 50):
        problems.append("the Markdown summary does not list the waived cases with their reasons")
    junit_text = junit.read_text()
    skipped = junit_text.count('<skipped message="known failure, waived: ' + REASON)
    if skipped != len(waived):
        problems.append(f"JUnit: {skipped} cases skipped as waived with the reason, the JSON has {len(waived)}")
    if problems:
        fail("the run with waived failures:\n" + "\n".join(problems))
    print(f"check_html_report: waived run: {len(waived)} known failures listed with their reason on the page, in "
          f"Markdown and as JUnit skipped; service-lb-policy not implemented; chips carry clause words")


if __name__ == "__main__":
    main()
