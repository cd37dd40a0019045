#!/usr/bin/env bash
# The container's base image made from Debian's own packages, for machines that cannot pull from a registry:
#   bash scripts/container-base.sh [IMAGE]     (default localhost/debian-base:bookworm)
# debootstrap's minimal Debian 12 from the apt mirror this machine uses, imported into podman. Does nothing
# when the image exists already. Then: podman build --build-arg BASE=localhost/debian-base:bookworm …
set -euo pipefail
image="${1:-localhost/debian-base:bookworm}"
if podman image exists "$image"; then
  echo "$image exists"
  exit 0
fi
command -v debootstrap >/dev/null || { echo "debootstrap is missing: apt-get install debootstrap" >&2; exit 1; }
# The Debian mirror apt uses here (a one-line or deb822 source whose address ends in /debian).
mirror="$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
  grep -oE '^(deb|URIs:)[[:space:]].*' | grep -oE 'https?://[^[:space:]]+/debian/?([[:space:]]|$)' | head -n1 | tr -d '[:space:]' || true)"
mirror="${mirror:-http://deb.debian.org/debian}"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
echo "debootstrap bookworm from $mirror…"
debootstrap --variant=minbase bookworm "$root" "$mirror" >/dev/null
# As small as the public slim image: no apt lists, caches, manuals or translations.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/locale/*
tar -C "$root" -c . | podman import - "$image" >/dev/null
echo "$image made"
