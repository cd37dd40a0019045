#!/bin/sh
# One backup of the site's SQLite database, then rotation: the last 48 hourly copies and one copy a day for
# 30 days are kept. Run by gemstate-backup.service every hour, from the release's folder, as the site's user:
#   BACKUP_DIR=/var/lib/gemstate-backups DATA_DIR=/var/lib/gemstate deploy/backup.sh
# `npm run -s leads -- backup FILE` writes a consistent copy while the site serves. With PostgreSQL
# (DATABASE_URL) it refuses and says to use pg_dump instead (docs/deploy.md).
set -eu
: "${BACKUP_DIR:?BACKUP_DIR must name the folder for the backups}"
HOURLY_KEEP="${HOURLY_KEEP:-48}"
DAILY_KEEP="${DAILY_KEEP:-30}"

mkdir -p "$BACKUP_DIR/hourly" "$BACKUP_DIR/daily"
stamp="$(date -u +%Y-%m-%dT%H%M%SZ)"
file="$BACKUP_DIR/hourly/leads-$stamp.sqlite"
# Written under another name first, so a copy cut short never looks like a backup.
partial="$BACKUP_DIR/hourly/.partial-$stamp.sqlite"
rm -f "$partial"
npm run -s leads -- backup "$partial"
mv "$partial" "$file"

# The first backup of each day (UTC) is also the daily one: a hard link, no extra space.
daily="$BACKUP_DIR/daily/leads-$(date -u +%Y-%m-%d).sqlite"
[ -e "$daily" ] || ln "$file" "$daily"

# Newest first (the names sort by time); everything after the first N goes.
rotate() {
  find "$1" -maxdepth 1 -name 'leads-*.sqlite' | sort -r | tail -n +"$(($2 + 1))" | while IFS= read -r old; do rm -f -- "$old"; done
}
rotate "$BACKUP_DIR/hourly" "$HOURLY_KEEP"
rotate "$BACKUP_DIR/daily" "$DAILY_KEEP"
echo "backup: $file"
