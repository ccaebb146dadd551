# release-build.sh: sourced (with ROOT set) by scripts/install, scripts/demo and the start-up
# benchmarks, so they build the release binaries one way: the fast start of Package.swift
# (UNOTIFY_FAST_START, from scripts/fast-start-env) in SCRATCH, the "-release" sibling of
# UNOTIFY_BUILD_DIR (default .build-release), apart from the ordinary .build. Sets SCRATCH and
# BUILD, the swift build command; add --product NAME, or --show-bin-path.
SCRATCH=${UNOTIFY_BUILD_DIR:-$ROOT/.build}-release
eval "$("$ROOT/scripts/fast-start-env" "$SCRATCH/fast-start")"
BUILD=(swift build --package-path "$ROOT" -c release --static-swift-stdlib --scratch-path "$SCRATCH")
