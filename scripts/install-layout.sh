# install-layout.sh: sourced by scripts/install and scripts/uninstall (not run by itself).
#
#   The options both take, where the files go, and the manifest that lets uninstall remove
#   exactly what install wrote: one line per directory install created ("dir PATH", parents
#   first), per file it wrote ("file SHA256 PATH") and per symbolic link ("link TARGET PATH"),
#   PATH relative to DESTDIR+PREFIX.
#
#   Sets: INSTALL_PREFIX (absolute, as the installed files name it), INSTALL_DESTDIR,
#         INSTALL_ROOT (DESTDIR+PREFIX: where the files are written), INSTALL_MANIFEST,
#         INSTALL_AS_NOTIFY_SEND (1 with --as-notify-send).

INSTALL_MANIFEST=share/unotify/install-manifest

# install_parse_arguments NAME ARGS...: --prefix DIR, --destdir DIR (or PREFIX, DESTDIR),
# --as-notify-send (uninstall takes it too, and needs it not: the manifest lists the link), -h.
install_parse_arguments() {
  local name=$1; shift
  INSTALL_PREFIX=${PREFIX:-$HOME/.local}
  INSTALL_DESTDIR=${DESTDIR:-}
  INSTALL_AS_NOTIFY_SEND=0
  while (( $# )); do
    case $1 in
      --as-notify-send) INSTALL_AS_NOTIFY_SEND=1; shift ;;
      --prefix) [[ $# -ge 2 ]] || install_usage "$name"; INSTALL_PREFIX=$2; shift 2 ;;
      --prefix=*) INSTALL_PREFIX=${1#--prefix=}; shift ;;
      --destdir) [[ $# -ge 2 ]] || install_usage "$name"; INSTALL_DESTDIR=$2; shift 2 ;;
      --destdir=*) INSTALL_DESTDIR=${1#--destdir=}; shift ;;
      -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
      *) echo "$name: unknown argument '$1'" >&2; install_usage "$name" ;;
    esac
  done
  [[ $INSTALL_PREFIX == /* ]] || {
    echo "$name: the prefix must be an absolute path (got '$INSTALL_PREFIX'); for example --prefix \$HOME/.local" >&2
    exit 2
  }
  [[ -z $INSTALL_DESTDIR || $INSTALL_DESTDIR == /* ]] || {
    echo "$name: DESTDIR must be an absolute path (got '$INSTALL_DESTDIR')" >&2
    exit 2
  }
  INSTALL_PREFIX=${INSTALL_PREFIX%/}
  INSTALL_DESTDIR=${INSTALL_DESTDIR%/}
  INSTALL_ROOT=$INSTALL_DESTDIR$INSTALL_PREFIX
}

install_usage() {
  echo "usage: scripts/$1 [--prefix DIR] [--destdir DIR] [--as-notify-send]   (default prefix: ~/.local)" >&2
  exit 2
}

# install_begin: starts a new manifest, keeping the directories an earlier install created and
# remembering its links (install_commit removes those this install does not make again).
install_begin() {
  INSTALL_LINES=() INSTALL_OLD_LINKS=()
  local kind first rest
  if [[ -f $INSTALL_ROOT/$INSTALL_MANIFEST ]]; then
    while read -r kind first rest; do
      [[ $kind == dir && -d $INSTALL_ROOT/$first ]] && INSTALL_LINES+=("dir $first")
      [[ $kind == link ]] && INSTALL_OLD_LINKS+=("$first $rest")
    done <"$INSTALL_ROOT/$INSTALL_MANIFEST"
  fi
  install_directory_for "$INSTALL_MANIFEST"
}

# install_link_allowed TARGET RELATIVE_PATH: exits 1, saying why, when RELATIVE_PATH is there
# and is not a link to TARGET (another program's file, such as libnotify's notify-send).
install_link_allowed() {
  local target=$1 path=$INSTALL_ROOT/$2
  if [[ -e $path || -L $path ]] && ! [[ -L $path && $(readlink "$path") == "$target" ]]; then
    echo "install: $path exists and is not a link to $target (another program's, such as libnotify's" >&2
    echo "install: notify-send?); it is left alone: remove it yourself, or install into another prefix" >&2
    exit 1
  fi
}

# install_link TARGET RELATIVE_PATH: makes RELATIVE_PATH a symbolic link to TARGET and notes it;
# never replaces anything but such a link (install_link_allowed).
install_link() {
  local target=$1 relative=$2 path
  path=$INSTALL_ROOT/$relative
  install_link_allowed "$target" "$relative"
  install_directory_for "$relative"
  ln -sfn "$target" "$path.new.$$"
  mv -fT "$path.new.$$" "$path"
  INSTALL_LINES+=("link $target $relative")
  echo "  $path -> $target" >&2
}

# install_directory_for RELATIVE_PATH: creates the file's missing parent directories, noting each.
install_directory_for() {
  local relative=$1 parent missing=()
  parent=$(dirname "$relative")
  while [[ $parent != . && ! -d $INSTALL_ROOT/$parent ]]; do
    missing=("$parent" "${missing[@]}")
    parent=$(dirname "$parent")
  done
  [[ -d $INSTALL_ROOT ]] || mkdir -p "$INSTALL_ROOT"
  for parent in "${missing[@]}"; do
    mkdir "$INSTALL_ROOT/$parent"
    INSTALL_LINES+=("dir $parent")
  done
}

# install_file MODE SOURCE RELATIVE_PATH: writes the file (replacing it atomically, so a
# running unotifyd does not stop a reinstall) and notes it with its checksum.
install_file() {
  local mode=$1 source=$2 relative=$3 target sum
  target=$INSTALL_ROOT/$relative
  install_directory_for "$relative"
  install -m "$mode" "$source" "$target.new.$$"
  mv -f "$target.new.$$" "$target"
  sum=$(sha256sum "$target" | cut -d' ' -f1)
  INSTALL_LINES+=("file $sum $relative")
  echo "  $target" >&2
}

# install_commit: removes the links an earlier install made and this one did not (while they
# still lead where that install pointed them), then writes the manifest (last, so a failed
# install leaves the earlier one).
install_commit() {
  local old target relative path
  for old in "${INSTALL_OLD_LINKS[@]}"; do
    target=${old%% *} relative=${old#* }
    path=$INSTALL_ROOT/$relative
    printf '%s\n' "${INSTALL_LINES[@]}" | grep -qxF "link $target $relative" && continue
    [[ -L $path && $(readlink "$path") == "$target" ]] && rm -f "$path" && echo "  removed $path" >&2
  done
  {
    echo "# unotify install manifest (scripts/install wrote it; scripts/uninstall reads it)"
    echo "# prefix $INSTALL_PREFIX"
    printf '%s\n' "${INSTALL_LINES[@]}"
  } >"$INSTALL_ROOT/$INSTALL_MANIFEST.new.$$"
  mv -f "$INSTALL_ROOT/$INSTALL_MANIFEST.new.$$" "$INSTALL_ROOT/$INSTALL_MANIFEST"
}
