# chroot-run.sh: sourced (with ROOT set, and a function `say`) by scripts/test-package,
# scripts/test-alone, scripts/test-portal, scripts/test-swift-package and scripts/prepare-systems,
# so they make and run in the cached clean Debian systems one way:
#
#   clean_root SUITE   prints $CACHE/clean-SUITE, a `debootstrap --variant=minbase` system of
#       SUITE made once from $UNOTIFY_CHROOT_MIRROR (default http://deb.debian.org/debian).
#
#   in_root ROOT MODE [ENV...] <SCRIPT   runs SCRIPT with bash inside ROOT, in private mount and
#       process namespaces (whatever it starts is killed when it ends; nothing stays mounted);
#       ENV (NAME=VALUE) is its whole environment beside PATH, HOME and LANG. MODE:
#         direct   ROOT itself, to install into it;
#         overlay  a throwaway overlay of ROOT with this tree read-only at /src/unotify, the
#                  machine's git mirror of github.com ($MIRRORED, read-only) and $DEB in /tmp;
#         alone    a throwaway overlay of ROOT with nothing of this machine's in it but
#                  /etc/resolv.conf and the files IN_ROOT_COPY names ("FROM:TO" per line,
#                  TO a path inside, its folders made).
#   derived_root NAME SUITE WHAT <SCRIPT  prints $CACHE/NAME-SUITE, made once (WHAT is what the
#       message says it installs) as a copy of clean-SUITE (scripts/test-package makes it) on
#       which SCRIPT ran with in_root direct; log in $CACHE/NAME-SUITE.log, `.complete` when made.
#       SCRIPT is read whether or not the system is made.
#   CACHE: $UNOTIFY_CHROOT_CACHE, default /var/cache/unotify-chroots. A system is made aside
#   (NAME-SUITE.partial) under a lock of its own, and renamed when complete: runs side by side
#   (scripts/test makes them all at its start) never make one twice or use a half-made one.
CACHE=${UNOTIFY_CHROOT_CACHE:-/var/cache/unotify-chroots}
MIRROR=${UNOTIFY_CHROOT_MIRROR:-http://deb.debian.org/debian}

# system_lock NAME: holds $CACHE/NAME.lock on descriptor 8 (at most an hour) until the caller's
# process or subshell ends, or system_unlock
system_lock() {
  mkdir -p "$CACHE"
  exec 8>"$CACHE/$1.lock"
  flock -w 3600 8 || { say "another run held the lock on $1 for an hour"; exit 1; }
}
system_unlock() { exec 8>&-; }

clean_root() {
  local suite=$1 root=$CACHE/clean-$1
  if [[ ! -e $root/.complete ]]; then
    system_lock "clean-$suite"
    if [[ ! -e $root/.complete ]]; then
      say "debootstrap --variant=minbase $suite (once; cached in $root)"
      rm -rf "$root.partial"
      nice -n 19 debootstrap --variant=minbase "$suite" "$root.partial" "$MIRROR" >"$CACHE/clean-$suite.log" 2>&1 ||
        { say "debootstrap $suite failed (log: $CACHE/clean-$suite.log)"; exit 1; }
      printf '%s\n' 'APT::Install-Recommends "false";' 'Acquire::Languages "none";' 'Acquire::Check-Valid-Until "false";' \
        >"$root.partial/etc/apt/apt.conf.d/01-unotify"
      printf '#!/bin/sh\nexit 101\n' >"$root.partial/usr/sbin/policy-rc.d"; chmod +x "$root.partial/usr/sbin/policy-rc.d"
      touch "$root.partial/.complete"
      rm -rf "$root"; mv "$root.partial" "$root"
    fi
    system_unlock
  fi
  echo "$root"
}

in_root() {
  local root=$1 mode=$2; shift 2
  local ns; ns=$(mktemp -d)
  unshare --mount --pid --fork --kill-child -- bash -c '
      set -e
      mount --make-rprivate /
      root=$1 mode=$2 ns=$3 src=$4 mirrored=$5; shift 5
      if [[ $mode == overlay || $mode == alone ]]; then
        mkdir -p "$ns/upper" "$ns/work" "$ns/root"
        mount -t overlay overlay -o "lowerdir=$root,upperdir=$ns/upper,workdir=$ns/work" "$ns/root"; r=$ns/root
      else r=$root; fi
      mount -t proc proc "$r/proc"; mount --rbind /sys "$r/sys"; mount --rbind /dev "$r/dev"
      mount -t tmpfs tmpfs "$r/tmp"; mount -t tmpfs tmpfs "$r/run"
      cp /etc/resolv.conf "$r/etc/resolv.conf"
      if [[ $mode == overlay ]]; then
        mkdir -p "$r/src/unotify"; mount --bind "$src" "$r/src/unotify"; mount -o remount,bind,ro "$r/src/unotify"
        if [[ -n $mirrored && -d $mirrored ]]; then
          mkdir -p "$r$mirrored"; mount --bind "$mirrored" "$r$mirrored"; mount -o remount,bind,ro "$r$mirrored"
          printf "[url \"%s\"]\n\tinsteadOf = https://github.com/\n" "$mirrored" >"$r/etc/gitconfig"
        fi
        printf "[safe]\n\tdirectory = *\n" >>"$r/etc/gitconfig"
        [[ -z ${DEB:-} ]] || cp "$DEB" "$r/tmp/"
      fi
      if [[ $mode == alone ]]; then
        while IFS= read -r copy; do
          [[ -n $copy ]] || continue
          mkdir -p "$(dirname "$r/${copy#*:}")"; cp "${copy%%:*}" "$r/${copy#*:}"
        done <<<"${IN_ROOT_COPY:-}"
      fi
      exec chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@" /bin/bash -s' \
    _ "$root" "$mode" "$ns" "$ROOT" "${MIRRORED:-}" "$@"
  local rc=$?
  rm -rf "$ns"
  return $rc
}

derived_root() {
  local name=$1 suite=$2 what=$3 script hash
  local root=$CACHE/$name-$suite clean
  script=$(cat)
  # A system made by another version of its script is made again.
  hash=$(sha256sum <<<"$script" | cut -c1-16)
  if [[ ! -e $root/.complete || $(cat "$root/.script" 2>/dev/null) != "$hash" ]]; then
    clean=$(clean_root "$suite")
    system_lock "$name-$suite"
    if [[ ! -e $root/.complete || $(cat "$root/.script" 2>/dev/null) != "$hash" ]]; then
      say "$suite: installing $what (once per version of its script; cached in $root)"
      rm -rf "$root.partial"; cp -a "$clean" "$root.partial"; rm -f "$root.partial/.complete"
      in_root "$root.partial" direct <<<"$script" >"$CACHE/$name-$suite.log" 2>&1 ||
        { say "$suite: installing $what failed (log: $CACHE/$name-$suite.log)"; exit 1; }
      echo "$hash" >"$root.partial/.script"
      touch "$root.partial/.complete"; rm -rf "$root"; mv "$root.partial" "$root"
    fi
    system_unlock
  fi
  echo "$root"
}
