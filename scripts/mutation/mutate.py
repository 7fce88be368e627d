"""Finds the mutation points of a C++ file with libclang and writes its mutant schemata.

A mutation point ("site") is an exact source extent that libclang's AST gives:
an operator token, a literal, a condition, a statement. Each site carries one or
more mutants, and the schemata file compiles every mutant of the file behind a
run-time switch (mutant_switch.h): the mutated text is selected by
`::lbconform_mutant::On(N)` and the original runs when no mutant is on.

Operators (docs/mutation.md, "Operators"):
  ROR  relational operator replaced: < by <= and >, <= by < and >=, > by >= and <,
       >= by > and <=, == by !=, != by ==
  LCR  logical connector replaced: && by ||, || by &&
  NEG  a condition negated: the condition of an if without else, a loop
       condition, an operand of && or ||; and `!x` replaced by x
  SBR  branches swapped: if/else and ?: (run as the condition negated)
  CRP  constant replaced: an integer literal by itself +1 and -1, true by false,
       a decimal string given to Decimal::FromString by its last digit +1 and -1
  SDL  statement deleted: an expression statement, break, continue, a return
       that is not its function's last statement
  AOR  arithmetic operator replaced: + by -, - by +, += by -=, -= by +=

Not mutated, because what they change is informative by the contract
(docs/contract.md: the trace and messages are not compared): everything inside
`trace.Add(...)` and `fmt::format(...)`, statements that only move or clear the
trace, an if whose branches only add to the trace, and the declarations of
Trace objects (how much they record). `reserve(...)` only sizes a buffer. Where a site repeats another
site's mutant (the negation of `a == b` is ROR's `a != b`; swapping the
branches of `if (!x)` is removing the `!`), only one is generated.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

try:
    import clang.cindex as ci
except ImportError:  # a missing package is a clear error, not a traceback
    raise SystemExit("mutation-campaign: libclang's Python bindings are missing: scripts/install-deps --mutation "
                     "(Debian's python3-clang-14, for /usr/bin/python3)")

K = ci.CursorKind

RELATIONAL = {"<": ["<=", ">"], "<=": ["<", ">="], ">": [">=", "<"], ">=": [">", "<="], "==": ["!="], "!=": ["=="]}
LOGICAL = {"&&": "||", "||": "&&"}
ARITHMETIC = {"+": "-", "-": "+", "+=": "-=", "-=": "+="}
OVERLOADED_RELATIONAL = {f"operator{op}": op for op in RELATIONAL}
# Calls whose arguments only build informative text, or only size a buffer.
EXCLUDED_CALLS = {"Add": "trace", "format": "fmt", "reserve": None}
EXCLUDED_STATEMENT = re.compile(r"^(trace\.|\w+\.trace\s*=|\w+(\.\w+)*\.reserve\()")
FUNCTIONS = {K.FUNCTION_DECL, K.CXX_METHOD, K.CONSTRUCTOR, K.DESTRUCTOR, K.FUNCTION_TEMPLATE}
LOOPS = {K.FOR_STMT, K.WHILE_STMT, K.CXX_FOR_RANGE_STMT, K.DO_STMT}
# Priority among sites with one extent: the outer one first.
PRIORITY = {"delete": 0, "flip": 1, "edit": 2}

SWITCH = "::lbconform_mutant"


@dataclass
class Mutant:
    id: int
    operator: str  # ROR, LCR, NEG, SBR, CRP, SDL, AOR
    file: str  # as given, e.g. reference/failover.cc
    line: int
    function: str
    original: str  # the text it changes, whitespace collapsed
    mutated: str  # what it becomes
    replacement: str = ""  # for an "edit" site: the new token text
    key: str = ""  # stable name: file, function, operator, original → mutated

    def describe(self) -> str:
        return f"{self.original} → {self.mutated}"


@dataclass
class Site:
    start: int  # byte offsets of the extent the site rewrites
    end: int
    shape: str  # "edit" (a token replaced), "flip" (condition negated), "delete" (statement)
    mutants: list[Mutant]
    edit: tuple[int, int] = (0, 0)  # for "edit": the token replaced
    children: list["Site"] = field(default_factory=list)


@dataclass
class FileMutants:
    path: Path
    name: str
    text: bytes
    sites: list[Site]
    # constexpr declarations (extent, then the constexpr token's): a constant
    # mutated inside one makes it const, since the switch is read at run time.
    constexpr_decls: list[tuple[int, int, int, int]]


def _collapse(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: limit // 2 - 2] + " … " + text[-(limit // 2 - 2):]
    return text


def _around(before: str, token: str, after: str, limit: int = 40) -> str:
    """The text around a replaced token, shortened at both ends so the token stays in view."""
    before, after = " ".join(before.split()) + (" " if before[-1:].isspace() else ""), \
        (" " if after[:1].isspace() else "") + " ".join(after.split())
    if len(before) > limit:
        before = "…" + before[-limit:]
    if len(after) > limit:
        after = after[:limit] + "…"
    return before + token + after


class _Finder:
    """Walks one translation unit and collects its sites."""

    def __init__(self, path: Path, name: str, args: list[str]) -> None:
        self.path = path
        self.name = name
        self.text = path.read_bytes()
        index = ci.Index.create()
        self.tu = index.parse(str(path), args=args)
        errors = [d for d in self.tu.diagnostics if d.severity >= ci.Diagnostic.Error]
        if errors:
            raise SystemExit(f"mutate: libclang cannot parse {path}: {errors[0]}")
        self.main = str(path)
        tokens = [t for t in self.tu.get_tokens(extent=self.tu.cursor.extent)
                  if t.location.file is not None and t.location.file.name == self.main]
        self.tokens = sorted(tokens, key=lambda t: int(t.extent.start.offset))
        self.token_starts = [int(t.extent.start.offset) for t in self.tokens]
        self.sites: list[Site] = []
        self.constexpr_decls: list[tuple[int, int, int, int]] = []  # decl extent, constexpr token

    # ---------------------------- helpers

    def src(self, start: int, end: int) -> str:
        return self.text[start:end].decode()

    def extent(self, c: ci.Cursor) -> tuple[int, int]:
        return c.extent.start.offset, c.extent.end.offset

    def in_main(self, c: ci.Cursor) -> bool:
        f = c.extent.start.file
        return f is not None and f.name == self.main and c.extent.end.file is not None \
            and c.extent.end.file.name == self.main

    def tokens_in(self, start: int, end: int) -> list[ci.Token]:
        i = bisect.bisect_left(self.token_starts, start)
        j = bisect.bisect_left(self.token_starts, end)
        return self.tokens[i:j]

    def token_at(self, offset: int) -> Optional[ci.Token]:
        i = bisect.bisect_left(self.token_starts, offset)
        return self.tokens[i] if i < len(self.tokens) else None

    def matching_paren(self, open_offset: int) -> Optional[int]:
        """Offset just after the ')' matching the '(' at open_offset."""
        depth = 0
        for t in self.tokens[bisect.bisect_left(self.token_starts, open_offset):]:
            if t.spelling == "(":
                depth += 1
            elif t.spelling == ")":
                depth -= 1
                if depth == 0:
                    return int(t.extent.end.offset)
        return None

    def line(self, offset: int) -> int:
        return self.text.count(b"\n", 0, offset) + 1

    def add(self, start: int, end: int, shape: str, function: str, operator: str, changes: list[tuple[str, str, str]],
            edit: tuple[int, int] = (0, 0)) -> None:
        """changes: (original, mutated, replacement token) per mutant."""
        mutants = [Mutant(0, operator, self.name, self.line(start), function, original, mutated, replacement)
                   for original, mutated, replacement in changes]
        self.sites.append(Site(start, end, shape, mutants, edit))

    # ---------------------------- the walk

    def find(self) -> None:
        self.walk(self.tu.cursor, None, "", set(), excluded=False)

    def walk(self, c: ci.Cursor, parent: Optional[ci.Cursor], function: str, bodies: set[tuple[int, int]],
             excluded: bool) -> None:
        if c.kind != K.TRANSLATION_UNIT and not self.in_main(c):
            return
        if c.kind in FUNCTIONS or c.kind == K.VAR_DECL and parent is not None and parent.kind == K.NAMESPACE:
            function = c.spelling
        if c.kind in FUNCTIONS or c.kind == K.LAMBDA_EXPR:
            for child in c.get_children():
                if child.kind == K.COMPOUND_STMT:
                    bodies = bodies | {self.extent(child)}
        if c.kind == K.CALL_EXPR and c.spelling in EXCLUDED_CALLS:
            first = self.token_at(c.extent.start.offset)
            owner = EXCLUDED_CALLS[c.spelling]
            if owner is None or (first is not None and first.spelling == owner):
                excluded = True
        if c.kind == K.VAR_DECL:
            tokens = self.tokens_in(*self.extent(c))
            if tokens and tokens[0].spelling == "constexpr":
                s, e = self.extent(c)
                self.constexpr_decls.append((s, e, tokens[0].extent.start.offset, tokens[0].extent.end.offset))
        if c.kind == K.VAR_DECL and c.type.spelling.split("::")[-1] == "Trace":
            excluded = True  # how much trace a decision records
        if c.kind == K.IF_STMT and self.only_traces(c):
            excluded = True  # the condition only chooses what the trace says
        children = list(c.get_children())
        if not excluded:
            self.visit(c, parent, children, function, bodies)
        for child in children:
            self.walk(child, c, function, bodies, excluded)

    def visit(self, c: ci.Cursor, parent: Optional[ci.Cursor], children: list[ci.Cursor], function: str,
              bodies: set[tuple[int, int]]) -> None:
        if c.kind == K.BINARY_OPERATOR or c.kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
            self.binary(c, children, function)
        elif c.kind == K.CALL_EXPR:
            self.overloaded(c, function)
        elif c.kind == K.UNARY_OPERATOR:
            self.logical_not(c, function)
        elif c.kind == K.INTEGER_LITERAL:
            self.integer(c, function)
        elif c.kind == K.CXX_BOOL_LITERAL_EXPR:
            self.boolean(c, function)
        elif c.kind == K.STRING_LITERAL and parent is not None:
            self.decimal_string(c, function)
        if c.kind == K.IF_STMT:
            self.if_statement(c, children, function)
        elif c.kind == K.CONDITIONAL_OPERATOR and len(children) == 3:
            self.condition(children[0], function, "SBR", "?: branches swapped")
        elif c.kind in (K.WHILE_STMT, K.FOR_STMT, K.DO_STMT):
            self.loop_condition(c, children, function)
        if c.kind in (K.COMPOUND_STMT, K.IF_STMT, K.CASE_STMT, K.DEFAULT_STMT) or c.kind in LOOPS:
            self.statements(c, children, function, bodies)

    def only_traces(self, c: ci.Cursor) -> bool:
        """Whether an if statement's branches hold nothing but trace statements."""
        found = self.paren_condition(c, list(c.get_children()))
        if found is None:
            return False
        statements: list[ci.Cursor] = []
        for child in c.get_children():
            if child.extent.start.offset < found[1]:
                continue
            statements += list(child.get_children()) if child.kind == K.COMPOUND_STMT else [child]
        return bool(statements) and all(EXCLUDED_STATEMENT.match(self.src(*self.extent(s))) for s in statements)

    # ---------------------------- operators

    def operator_token(self, c: ci.Cursor, operands: list[ci.Cursor], spelling: str) -> Optional[ci.Token]:
        """The operator token of c: spelled `spelling`, outside every operand's extent."""
        spans = [self.extent(o) for o in operands]
        for t in self.tokens_in(*self.extent(c)):
            if t.spelling != spelling:
                continue
            s, e = t.extent.start.offset, t.extent.end.offset
            if not any(a <= s and e <= b and (a, b) != (s, e) for a, b in spans):
                return t
        return None

    def binary(self, c: ci.Cursor, children: list[ci.Cursor], function: str) -> None:
        if len(children) != 2:
            return
        lhs, rhs = children
        between = [t for t in self.tokens_in(lhs.extent.end.offset, rhs.extent.start.offset)]
        if len(between) != 1:
            return
        op = between[0]
        start, end = self.extent(c)
        text = self.src(start, end)
        a, b = op.extent.start.offset - start, op.extent.end.offset - start

        def changed(new: str) -> tuple[str, str, str]:
            return _around(text[:a], op.spelling, text[b:]), _around(text[:a], new, text[b:]), new

        edit = (op.extent.start.offset, op.extent.end.offset)
        if op.spelling in RELATIONAL:
            self.add(start, end, "edit", function, "ROR", [changed(n) for n in RELATIONAL[op.spelling]], edit)
        elif op.spelling in LOGICAL:
            self.add(start, end, "edit", function, "LCR", [changed(LOGICAL[op.spelling])], edit)
            for operand in children:
                self.condition(operand, function, "NEG", None, operand=True)
        elif op.spelling in ARITHMETIC:
            self.add(start, end, "edit", function, "AOR", [changed(ARITHMETIC[op.spelling])], edit)

    def overloaded_token(self, c: ci.Cursor) -> Optional[ci.Token]:
        """The operator token of an overloaded relational operator, also one
        C++20 rewrites (a != b as !(a == b), a < b through <=>): the callee's
        one-token reference, strictly inside the call's extent."""
        if c.kind != K.CALL_EXPR or c.spelling not in OVERLOADED_RELATIONAL and c.spelling != "operator<=>":
            return None
        start, end = self.extent(c)
        for child in c.get_children():
            while child.kind == K.UNEXPOSED_EXPR and len(list(child.get_children())) == 1:
                child = next(child.get_children())
            if child.kind != K.DECL_REF_EXPR or not child.spelling.startswith("operator"):
                continue
            tokens = self.tokens_in(*self.extent(child))
            if len(tokens) == 1 and tokens[0].spelling in RELATIONAL and start < tokens[0].extent.start.offset \
                    and tokens[0].extent.end.offset < end:
                return tokens[0]
        return None

    def relational_token(self, c: ci.Cursor) -> Optional[ci.Token]:
        """The relational operator of expression c (built in or overloaded), if it is one."""
        if c.kind == K.BINARY_OPERATOR:
            children = list(c.get_children())
            if len(children) == 2:
                between = self.tokens_in(children[0].extent.end.offset, children[1].extent.start.offset)
                if len(between) == 1 and between[0].spelling in RELATIONAL:
                    return between[0]
            return None
        token = self.overloaded_token(c)
        if token is not None:
            return token
        # The wrappers of a rewritten operator: same extent, or a unary ! around it.
        for child in c.get_children():
            if child.kind in (K.UNEXPOSED_EXPR, K.UNARY_OPERATOR, K.CALL_EXPR) and \
                    (self.extent(child) == self.extent(c) or child.kind == K.UNARY_OPERATOR):
                found = self.relational_token(child)
                if found is not None and self.extent(c)[0] < found.extent.start.offset < self.extent(c)[1]:
                    return found
        return None

    def overloaded(self, c: ci.Cursor, function: str) -> None:
        op = self.overloaded_token(c)
        if op is None:
            return
        start, end = self.extent(c)
        text = self.src(start, end)
        a, b = op.extent.start.offset - start, op.extent.end.offset - start
        changes = [(_around(text[:a], op.spelling, text[b:]), _around(text[:a], n, text[b:]), n)
                   for n in RELATIONAL[op.spelling]]
        self.add(start, end, "edit", function, "ROR", changes, (op.extent.start.offset, op.extent.end.offset))

    def logical_not(self, c: ci.Cursor, function: str) -> None:
        tokens = self.tokens_in(*self.extent(c))
        if not tokens or tokens[0].spelling != "!":
            return
        start, end = self.extent(c)
        text = self.src(start, end)
        self.add(start, end, "flip", function, "NEG", [(_collapse(text), _collapse(text[1:].strip()), "")])

    # ---------------------------- constants

    def integer(self, c: ci.Cursor, function: str) -> None:
        token = self.token_at(c.extent.start.offset)
        if token is None or token.kind != ci.TokenKind.LITERAL or token.extent.start.offset != c.extent.start.offset:
            return  # from a macro
        spelling = token.spelling
        match = re.fullmatch(r"([0-9][0-9']*)([uUlL]*)", spelling)
        if not match:
            return
        value = int(match.group(1).replace("'", ""))
        suffix = match.group(2)
        start, end = token.extent.start.offset, token.extent.end.offset
        changes = [(spelling, f"{value + 1}{suffix}", f"{value + 1}{suffix}"),
                   (spelling, f"{value - 1}{suffix}", f"({value - 1}{suffix})")]
        self.add(start, end, "edit", function, "CRP", self.in_context(start, end, changes), (start, end))

    def boolean(self, c: ci.Cursor, function: str) -> None:
        start, end = self.extent(c)
        spelling = self.src(start, end)
        if spelling not in ("true", "false"):
            return
        flipped = "false" if spelling == "true" else "true"
        self.add(start, end, "edit", function, "CRP", self.in_context(start, end, [(spelling, flipped, flipped)]),
                 (start, end))

    def decimal_string(self, c: ci.Cursor, function: str) -> None:
        start, end = self.extent(c)
        spelling = self.src(start, end)
        match = re.fullmatch(r'"(\d+\.\d*)(\d)"', spelling)
        before = self.src(max(0, start - 40), start)
        if not match or not before.rstrip().endswith("FromString("):
            return
        digit = int(match.group(2))
        changes = [(spelling, f'"{match.group(1)}{d}"', f'"{match.group(1)}{d}"')
                   for d in (digit + 1, digit - 1) if 0 <= d <= 9]
        self.add(start, end, "edit", function, "CRP", self.in_context(start, end, changes), (start, end))

    def in_context(self, start: int, end: int, changes: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
        """Names a constant by its line, so that two equal literals differ."""
        line_start = self.text.rfind(b"\n", 0, start) + 1
        line_end = self.text.find(b"\n", end)
        before, after = self.src(line_start, start).lstrip(), self.src(end, line_end)
        return [(_around(before, o, after, 30), _around(before, m, after, 30), r) for o, m, r in changes]

    # ---------------------------- conditions and branches

    def condition(self, cond: ci.Cursor, function: str, operator: str, mutated: Optional[str],
                  operand: bool = False) -> None:
        """Negates a condition, unless another operator already gives its negation."""
        inner = cond
        while inner.kind == K.UNEXPOSED_EXPR and len(list(inner.get_children())) == 1:
            inner = next(inner.get_children())
        tokens = self.tokens_in(*self.extent(inner))
        if not tokens:
            return
        if inner.kind == K.UNARY_OPERATOR and tokens[0].spelling == "!":
            return  # the NEG of `!x` removes the `!`
        relational = self.relational_token(inner)
        if relational is not None and relational.spelling in ("==", "!="):
            return  # ROR gives its negation
        if inner.kind == K.BINARY_OPERATOR and relational is None and operand:
            children = list(inner.get_children())
            ops = [t.spelling for t in self.tokens_in(children[0].extent.end.offset, children[1].extent.start.offset)]
            if ops and ops[0] in ("&&", "||"):
                return  # an operand of && or || that is itself one: its own operands are negated
        start, end = self.extent(cond)
        text = self.src(start, end)
        self.add(start, end, "flip", function, operator,
                 [(_collapse(text), mutated if mutated else f"!({_collapse(text)})", "")])

    def paren_condition(self, c: ci.Cursor, children: list[ci.Cursor]) -> Optional[tuple[ci.Cursor, int]]:
        """The condition between the statement's parentheses, and the offset after ')'."""
        tokens = self.tokens_in(*self.extent(c))
        opening = next((t for t in tokens if t.spelling == "("), None)
        if opening is None or tokens[1].spelling == "constexpr":
            return None
        close = self.matching_paren(opening.extent.start.offset)
        if close is None:
            return None
        inside = (opening.extent.end.offset, close - 1)
        for child in children:
            s, e = self.extent(child)
            if s >= inside[0] and e <= inside[1] and not self.src(inside[0], s).strip() \
                    and not self.src(e, inside[1]).strip():
                return (child, close) if child.kind.is_expression() else None
        return None

    def if_statement(self, c: ci.Cursor, children: list[ci.Cursor], function: str) -> None:
        found = self.paren_condition(c, children)
        if found is None:
            return  # a declaration or an init-statement in the condition
        cond, close = found
        has_else = any(t.spelling == "else" and self.statement_depth_ok(c, t) for t in self.tokens_in(close, c.extent.end.offset))
        if has_else:
            self.condition(cond, function, "SBR", "if/else branches swapped")
        else:
            self.condition(cond, function, "NEG", None)

    def statement_depth_ok(self, c: ci.Cursor, token: ci.Token) -> bool:
        """Whether `else` belongs to c itself, not to a nested if."""
        for child in c.get_children():
            if child.kind == K.IF_STMT or child.kind == K.COMPOUND_STMT:
                s, e = self.extent(child)
                if s <= token.extent.start.offset < e:
                    return False
        return True

    def loop_condition(self, c: ci.Cursor, children: list[ci.Cursor], function: str) -> None:
        if c.kind == K.FOR_STMT:
            return  # the loops of reference/ count; their conditions are mutated by ROR
        found = self.paren_condition(c, children) if c.kind == K.WHILE_STMT else None
        if found is not None:
            self.condition(found[0], function, "NEG", None)

    # ---------------------------- statements

    def body_start(self, c: ci.Cursor, children: list[ci.Cursor]) -> int:
        """The offset from which c's children are statements of its body."""
        start, end = self.extent(c)
        if c.kind == K.COMPOUND_STMT:
            return start
        if c.kind in (K.CASE_STMT, K.DEFAULT_STMT):
            colon = next((t for t in self.tokens_in(start, end) if t.spelling == ":"), None)
            return int(colon.extent.end.offset) if colon else end
        opening = next((t for t in self.tokens_in(start, end) if t.spelling == "("), None)
        if opening is None:
            return end
        close = self.matching_paren(opening.extent.start.offset)
        return close if close is not None else end

    def statements(self, c: ci.Cursor, children: list[ci.Cursor], function: str,
                   bodies: set[tuple[int, int]]) -> None:
        begin = self.body_start(c, children)
        is_body = self.extent(c) in bodies
        for i, child in enumerate(children):
            s, e = self.extent(child)
            if s < begin:
                continue
            last_of_function = is_body and i == len(children) - 1
            if child.kind in (K.BREAK_STMT, K.CONTINUE_STMT) or (child.kind == K.RETURN_STMT and not last_of_function):
                pass
            elif not child.kind.is_expression():
                continue
            semicolon = self.token_at(e - 1)
            if semicolon is None or semicolon.spelling != ";" or semicolon.extent.end.offset != e:
                semicolon = self.token_at(e)
                if semicolon is None or semicolon.spelling != ";":
                    continue
                e = semicolon.extent.end.offset
            text = self.src(s, e)
            if EXCLUDED_STATEMENT.match(text):
                continue
            self.add(s, e, "delete", function, "SDL", [(_collapse(text), "(deleted)", "")])


def find_sites(path: Path, name: str, args: list[str]) -> FileMutants:
    finder = _Finder(path, name, args)
    finder.find()
    # One site per extent and shape; the first found wins (a condition met twice).
    unique: dict[tuple[int, int, str, tuple[int, int]], Site] = {}
    for site in finder.sites:
        unique.setdefault((site.start, site.end, site.shape, site.edit), site)
    sites = sorted(unique.values(), key=lambda s: (s.start, -s.end, PRIORITY[s.shape]))
    return FileMutants(path, name, finder.text, sites, finder.constexpr_decls)


def number(files: list[FileMutants], first: int = 1) -> list[Mutant]:
    """Gives every mutant its id (from 1, in file and source order) and its key."""
    mutants: list[Mutant] = []
    seen: dict[str, int] = {}
    for f in files:
        for site in f.sites:
            for m in site.mutants:
                m.id = first + len(mutants)
                base = f"{m.file}:{m.function or '-'}:{m.operator}:{m.original} → {m.mutated}"
                seen[base] = seen.get(base, 0) + 1
                m.key = base if seen[base] == 1 else f"{base} #{seen[base]}"
                mutants.append(m)
    return mutants


# ------------------------------ the schemata

def _nest(sites: list[Site]) -> list[Site]:
    """Arranges sites (sorted by start, longest first) into a tree of extents."""
    roots: list[Site] = []
    stack: list[Site] = []
    for site in sites:
        site.children = []
        while stack and not (stack[-1].start <= site.start and site.end <= stack[-1].end):
            stack.pop()
        if stack and site.start < stack[-1].end and site.end > stack[-1].end:
            continue  # overlaps without nesting: cannot happen with AST extents
        inside_edit = stack and stack[-1].shape == "edit" and \
            stack[-1].edit[0] < site.end and site.start < stack[-1].edit[1]
        if inside_edit:
            continue  # the token an outer site replaces
        (stack[-1].children if stack else roots).append(site)
        stack.append(site)
    return roots


def render(f: FileMutants, active: set[int]) -> str:
    """The schemata source of one file, with only the mutants in `active`.

    Each site's output is marked with comments, /*<sN*/ … /*sN>*/ around the
    whole site (N its first mutant) and /*<mN*/ … /*mN>*/ around mutant N's
    text, so that a compiler error names the mutant it comes from."""
    sites = []
    for site in f.sites:
        kept = [m for m in site.mutants if m.id in active]
        if kept:
            sites.append(Site(site.start, site.end, site.shape, kept, site.edit))
    roots = _nest(sites)
    text = f.text
    edits = [(ts, te, b"const") for s, e, ts, te in f.constexpr_decls
             if any(s <= site.start and site.end <= e for site in sites)]

    def plain(a: int, b: int, local: list[tuple[int, int, bytes]]) -> str:
        out, pos = [], a
        for s, e, new in sorted(local + [x for x in edits if a <= x[0] and x[1] <= b]):
            if a <= s and e <= b and s >= pos:
                out.append(text[pos:s].decode())
                out.append(new.decode())
                pos = e
        out.append(text[pos:b].decode())
        return "".join(out)

    def span(a: int, b: int, children: list[Site], local: list[tuple[int, int, bytes]]) -> str:
        out, pos = [], a
        for child in children:
            out.append(plain(pos, child.start, local))
            out.append(site_text(child))
            pos = child.end
        out.append(plain(pos, b, local))
        return "".join(out)

    def site_text(site: Site) -> str:
        first = site.mutants[0].id
        original = span(site.start, site.end, site.children, [])
        if site.shape == "edit":
            chain = "".join(
                f"{SWITCH}::On({m.id}) ? /*<m{m.id}*/("
                f"{span(site.start, site.end, site.children, [(site.edit[0], site.edit[1], m.replacement.encode())])}"
                f")/*m{m.id}>*/ : " for m in site.mutants)
            body = f"({chain}({original}))"
        elif site.shape == "flip":
            m = site.mutants[0]
            body = f"{SWITCH}::Flip(/*<m{m.id}*/{m.id}/*m{m.id}>*/, static_cast<bool>({original}))"
        else:
            m = site.mutants[0]
            body = f"{{ if (!{SWITCH}::On(/*<m{m.id}*/{m.id}/*m{m.id}>*/)) {{ {original} }} }}"
        return f"/*<s{first}*/{body}/*s{first}>*/"

    header = ("// Generated by scripts/mutation-campaign from " + f.name + ": every mutant of the file behind\n"
              "// LBCONFORM_MUTANT (scripts/mutation/mutant_switch.h). Do not edit; never committed.\n"
              '#include "mutant_switch.h"\n')
    return header + span(0, len(text), roots, [])


_MARK = re.compile(rb"/\*<([ms])(\d+)\*/|/\*([ms])(\d+)>\*/")


def marks(source: str) -> list[tuple[int, int, str, int]]:
    """The marked spans of a rendered file: (start, end, 'm' or 's', id), byte offsets."""
    data = source.encode()  # bytes, so that offsets match the compiler's byte columns
    out: list[tuple[int, int, str, int]] = []
    stack: list[tuple[int, str, int]] = []
    for match in _MARK.finditer(data):
        if match.group(1):
            stack.append((match.start(), match.group(1).decode(), int(match.group(2))))
        else:
            start, kind, ident = stack.pop()
            assert kind == match.group(3).decode() and ident == int(match.group(4)), "unbalanced marks"
            out.append((start, match.end(), kind, ident))
    return out
