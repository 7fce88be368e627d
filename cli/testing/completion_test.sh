#!/usr/bin/env bash
# The generated completions complete in their own shells: the commands, a
# command's options, and the values of --profile, for bash, zsh (the
# completion system finds it by its #compdef line) and fish.
#   completion_test.sh COMPLETION_DIR    (lbconform, _lbconform, lbconform.fish)
set -uo pipefail
dir=${1:?usage: completion_test.sh COMPLETION_DIR}
failures=0
expect() {  # expect SHELL WHAT OUTPUT WORD
  if grep -q -- "$4" <<<"$3"; then
    echo "completion_test: $1: $2: offers $4"
  else
    echo "completion_test: FAIL: $1: $2: does not offer $4; it offered:" >&2
    head -c 2000 <<<"$3" >&2
    failures=$((failures + 1))
  fi
}

# bash: the function fills COMPREPLY from COMP_WORDS.
bash_complete() {
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _lbconform; printf "%s\n" "${COMPREPLY[@]}"' \
    _ "$dir/lbconform" "$@"
}
expect bash "lbconform ru" "$(bash_complete lbconform ru)" '^run$'
expect bash "lbconform run --pro" "$(bash_complete lbconform run --pro)" '^--profile$'
expect bash "lbconform run --profile " "$(bash_complete lbconform run --profile '')" '^api-10min$'

# zsh: compinit loads it from fpath by its #compdef line; then the function,
# with the completion system's builtins replaced by ones that print what
# they were given.
if ! zsh -n "$dir/_lbconform"; then
  echo "completion_test: FAIL: zsh: _lbconform is not valid zsh" >&2
  failures=$((failures + 1))
fi
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
loaded=$(HOME=$home zsh -f -c 'fpath=("$1" $fpath); autoload -Uz compinit; compinit -u -d "$HOME/.zcompdump"
  print -r -- "lbconform completes with ${_comps[lbconform]:-nothing}"' _ "$dir")
expect zsh "compinit" "$loaded" 'lbconform completes with _lbconform'
zsh_complete() {  # CURRENT then the words
  HOME=$home zsh -f -c '
    compdef() { : }
    _describe() { print -rl -- ${(P)${@[-1]}} }
    _arguments() { print -rl -- "$@" }
    _values() { print -rl -- "$@" }
    _files() { : }
    source "$1"; CURRENT=$2; shift 2; words=("$@"); _lbconform' _ "$dir/_lbconform" "$@"
}
expect zsh "lbconform <TAB>" "$(zsh_complete 2 lbconform '')" '^run:Run the golden vectors'
expect zsh "lbconform run <TAB>" "$(zsh_complete 3 lbconform run '')" \
  "^\*--profile\[.*\]:value:(spec-docs en-2026-04-02 api-10min)$"
expect zsh "lbconform help <TAB>" "$(zsh_complete 3 lbconform help '')" '^report$'
expect zsh "lbconform decide <TAB>" "$(zsh_complete 3 lbconform decide '')" '^\*--trace\[Include the informative step trace\]$'

# fish: `complete -C` prints what the command line completes to.
fish_complete() { HOME=$home fish --no-config -c "source '$dir/lbconform.fish'; complete -C '$1'"; }
expect fish "lbconform ru" "$(fish_complete 'lbconform ru')" $'^run\t'
expect fish "lbconform run --pro" "$(fish_complete 'lbconform run --pro')" $'^--profile\t'
expect fish "lbconform run --profile " "$(fish_complete 'lbconform run --profile ')" '^en-2026-04-02'
expect fish "lbconform import --set" "$(fish_complete 'lbconform import --set')" $'^--set-health\t'

if [ "$failures" -gt 0 ]; then
  echo "completion_test: $failures failures" >&2
  exit 1
fi
echo "completion_test: bash, zsh and fish complete commands, options and profiles"
