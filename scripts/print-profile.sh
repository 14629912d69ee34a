#!/usr/bin/env bash
# Rebuilds the print file's CMYK output profile, server/typesetting/profiles/FOGRA39.icc, from
# Fogra's FOGRA39 characterisation data (coated paper, ISO 12647-2:2004/Amd 1) as Debian's
# icc-profiles-free package ships it (zlib licence), with ArgyllCMS's colprof. Run as root on
# Debian: it installs both packages. The result differs from the committed file only in the
# creation date in its header.
#
#   -qm     medium quality tables: enough for a press simulation and an output intent, and
#           a profile of about 120 KB (the print file embeds it once)
#   -nc     leaves the measurement data out of the profile (it would double its size)
#   -l 330  total ink limit of the printing condition (ISO Coated v2 / FOGRA39: 330 %)
#   -k r    black generation: a ramp from no K in the highlights to full K in the shadows
set -euo pipefail
cd "$(dirname "$0")/.."
out=server/typesetting/profiles/FOGRA39.icc
if ! command -v colprof >/dev/null 2>&1 || [ ! -f /usr/share/color/icc/FOGRA39L.ti3 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq argyll icc-profiles-free >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp /usr/share/color/icc/FOGRA39L.ti3 "$work/FOGRA39.ti3"
colprof -qm -nc -l 330 -k r \
  -A "Fogra" \
  -M "FOGRA39L" \
  -D "FOGRA39 (ISO 12647-2:2004/Amd 1, coated paper)" \
  -C "Data: Fogra FOGRA39L (icc-profiles-free, zlib licence); profile built with ArgyllCMS colprof" \
  "$work/FOGRA39" >/dev/null
cp "$work/FOGRA39.icc" "$out"
echo "wrote $out ($(wc -c <"$out") bytes)"
