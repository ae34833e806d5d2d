#!/usr/bin/env bash
# What `npm test` needs from Debian besides Node: Chromium and its pt-BR language for the browser tests,
# PostgreSQL's initdb/pg_ctl for the engine tests, LibreOffice Calc for the CSV
# check, poppler for printed pages, docker-compose for the compose files.
# Installs what is missing as root or through sudo; otherwise stops with one
# line naming the command to run.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
# The browser's own language (dates as 16/08/2025, its messages in Portuguese), as on the families' phones.
[ -f /usr/lib/chromium/locales/pt-BR.pak ] || missing+=(chromium-l10n)
[ -x /usr/bin/soffice ] || missing+=(libreoffice-calc-nogui)
{ command -v pdftoppm && command -v pdftotext; } >/dev/null 2>&1 || missing+=(poppler-utils)
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  missing+=(postgresql)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo)
else
  echo "npm test precisa de pacotes do Debian que faltam: rode  sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
echo "Instalando pacotes do Debian para os testes: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
