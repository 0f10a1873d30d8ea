#!/bin/sh
# Installs the @@PRODUCT@@ command-line binary (@@BINARY@@) from its public release archive.
#
#   curl -fsSL @@INSTALLER_URL@@ | sh
#   curl -fsSL @@INSTALLER_URL@@ | sh -s -- --version 1.2.3 --install-dir "$HOME/bin"
#
# This script comes from the site, the root of trust, which built into it the SHA-256 of every archive of the
# release it was built with (PINNED_ARCHIVES below). That release installs with nothing but sh, curl or wget, tar
# and a SHA-256 tool: the script downloads <archive>/download/v<version>/@@BINARY@@-<target>.tar.gz and installs it
# only when its SHA-256 is the one pinned here, so a download host that replaced an archive is refused, whatever
# SHA256SUMS it serves beside it. Any other release (--version, or every release when the site was built without
# one) is checked the release's way: its SHA256SUMS against the SSH signature by the key below (ssh-keygen, OpenSSH
# 8.1 or later), then the archive against SHA256SUMS.
# It installs without sudo, never prompts and never edits shell start-up files. Run with --help for every option.
#
# Generated from src/installer/install.sh: the quoted values below come from content/site.yaml and the release the
# site was built with, at build time.
#
# POSIX sh (dash is /bin/sh on Debian and Ubuntu): `set -eu`, no pipefail, which dash rejects.
set -eu

BINARY="@@BINARY@@"
PRODUCT="@@PRODUCT@@"
ENV_PREFIX="@@ENV_PREFIX@@"
RELEASE_ARCHIVE="@@RELEASE_ARCHIVE@@"
INSTALLER_URL="@@INSTALLER_URL@@"
TARGETS="@@TARGETS@@"
# The release signing key's public half (OpenSSH Ed25519) and the namespace its signatures are made in.
SIGNING_KEY="@@RELEASE_SIGNING_KEY@@"
SIGNING_NAMESPACE="@@SIGNING_NAMESPACE@@"
# The release the site was built with, and the SHA-256 of each of its archives as <archive>=<sha256> words: both
# empty when the site was built without one.
PINNED_VERSION="@@PINNED_VERSION@@"
PINNED_ARCHIVES="@@PINNED_ARCHIVES@@"

say() {
    printf '%s: %s\n' "$BINARY" "$*" >&2
}

err() {
    say "error: $*"
    exit 1
}

need_cmd() {
    if ! command -v "$1" >/dev/null 2>&1; then
        err "need '$1' (command not found)"
    fi
}

# The value of the environment variable <ENV_PREFIX>_<name>, or empty when unset. The prefix comes
# from content, so the name is built at run time; it is checked to be a plain identifier before eval.
getenv() {
    _name="${ENV_PREFIX}_$1"
    case $_name in
        '' | [0-9]* | *[!A-Za-z0-9_]*) err "internal: bad variable name '$_name'" ;;
    esac
    _value=""
    eval "_value=\${$_name:-}"
    printf '%s' "$_value"
}

usage() {
    if [ -n "$PINNED_VERSION" ]; then
        _default="$PINNED_VERSION, the release this script pins"
    else
        _default="the latest"
    fi
    cat <<EOF
Install the $PRODUCT command-line binary ($BINARY).

Usage:
  curl -fsSL $INSTALLER_URL | sh
  curl -fsSL $INSTALLER_URL | sh -s -- [options]

Options:
  --version <version>      install this release (e.g. 1.2.3) instead of $_default
  --install-dir <dir>      install into <dir> (default: \$XDG_BIN_HOME, else @@INSTALL_DIR_DISPLAY@@)
  --target <target>        install this build instead of the one this machine runs (no machine checks)
  --no-modify-path         do not print the PATH hint
  -y, --yes                accepted for compatibility; the installer never prompts
  -h, --help               show this help and exit

Environment (options win over these):
  ${ENV_PREFIX}_VERSION          same as --version
  ${ENV_PREFIX}_INSTALL_DIR      same as --install-dir
  ${ENV_PREFIX}_TARGET           same as --target
  ${ENV_PREFIX}_NO_MODIFY_PATH   set to 1 for --no-modify-path
  ${ENV_PREFIX}_DOWNLOAD_URL     release archive to download from (default: $RELEASE_ARCHIVE)

Supported platforms: $TARGETS.
On Linux the build follows the C library of the system's own /bin/sh; x64 without AVX2 gets a -baseline build.
Needs sh, curl or wget, tar, and sha256sum or shasum. The release this script pins is checked against the SHA-256
built into it; for any other release, SHA256SUMS is checked against its signature by the release key built into
this script, which needs ssh-keygen (OpenSSH 8.1 or later), then the archive against SHA256SUMS.
EOF
}

# Prints the target that runs on this machine (<os>-<arch>[-musl][-baseline]), or fails naming what it found.
detect_target() {
    _os=$(uname -s)
    _arch=$(uname -m)
    case $_os in
        Linux) _os=linux ;;
        Darwin) _os=darwin ;;
        *) err "unsupported operating system: $_os (supported: $TARGETS)" ;;
    esac
    case $_arch in
        x86_64 | amd64) _arch=x64 ;;
        aarch64 | arm64) _arch=arm64 ;;
        *) err "unsupported architecture: $_arch (supported: $TARGETS)" ;;
    esac
    # A shell under Rosetta 2 reports x86_64 on Apple silicon: install the native arm64 binary.
    if [ "$_os" = darwin ] && [ "$_arch" = x64 ]; then
        if [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || true)" = 1 ]; then
            _arch=arm64
        fi
    fi
    # Alpine and other musl systems cannot run glibc binaries: they get the -musl build.
    _libc=""
    if [ "$_os" = linux ] && is_musl; then
        _libc=-musl
    fi
    # Bun's default x64 builds need AVX2; the -baseline builds run on any x64 processor.
    _variant=""
    if [ "$_arch" = x64 ] && ! has_avx2 "$_os"; then
        _variant=-baseline
    fi
    _target="$_os-$_arch$_libc$_variant"
    case " $TARGETS " in
        *" $_target "*) ;;
        *)
            [ -z "$_variant" ] ||
                err "this processor lacks AVX2, which the $_os-$_arch$_libc build needs, and no $_target build is published (supported: $TARGETS)"
            err "no $PRODUCT binary is published for $_os-$_arch${_libc:+ (musl libc)} (supported: $TARGETS)"
            ;;
    esac
    printf '%s\n' "$_target"
}

# Whether the C library of this Linux is musl (Alpine), asked of the system's own loader: the program interpreter
# its /bin/sh is linked against (the ELF header's PT_INTERP string, in the file's first page), else, for a static
# /bin/sh, which loader is there, glibc's first. That musl is installed says nothing: Debian's musl package puts
# musl's loader in /lib of a glibc system.
is_musl() {
    _interp=$(dd if=/bin/sh bs=4096 count=1 2>/dev/null | LC_ALL=C tr -c 'A-Za-z0-9/._+-' '\n' |
        awk '/\/ld-(musl|linux)/ { print; exit }') || _interp=""
    case $_interp in
        */ld-musl-*) return 0 ;;
        */ld-linux*) return 1 ;;
    esac
    for _loader in /lib/ld-linux* /lib64/ld-linux*; do
        [ -e "$_loader" ] && return 1
    done
    for _loader in /lib/ld-musl-*; do
        [ -e "$_loader" ] && return 0
    done
    return 1
}

# Whether the x64 processor has AVX2, as the system reports it: Linux among the flags of /proc/cpuinfo, macOS in
# sysctl. When it does not say, the answer is no: the -baseline build runs on any x64 processor.
has_avx2() {
    case $1 in
        linux)
            [ -r /proc/cpuinfo ] || return 1
            awk '$1 == "flags" { for (i = 2; i <= NF; i++) if ($i == "avx2") found = 1; exit } END { exit !found }' /proc/cpuinfo
            return
            ;;
        darwin)
            [ "$(sysctl -n hw.optional.avx2_0 2>/dev/null || true)" = 1 ] && return 0
            case " $(sysctl -n machdep.cpu.leaf7_features 2>/dev/null || true) " in
                *" AVX2 "*) return 0 ;;
            esac
            ;;
    esac
    return 1
}

# Whether library $1 is in one of the folders of $2 (colon-separated).
has_library() {
    _ifs=$IFS
    IFS=:
    for _dir in $2; do
        if [ -n "$_dir" ] && [ -e "$_dir/$1" ]; then
            IFS=$_ifs
            return 0
        fi
    done
    IFS=$_ifs
    return 1
}

# The musl builds link the C++ runtime, which a bare Alpine lacks: refuses, with the line that adds it, unless
# musl's loader finds libstdc++ and libgcc_s where it looks (the folders of its path file, else /lib, /usr/local/lib
# and /usr/lib). Checked before the download.
require_cxx_runtime() {
    _path=/lib:/usr/local/lib:/usr/lib
    _path_file="/etc/ld-musl-$(uname -m).path"
    if [ -r "$_path_file" ]; then
        _path=$(tr '\n' ':' <"$_path_file")
    fi
    for _lib in libstdc++.so.6 libgcc_s.so.1; do
        has_library "$_lib" "$_path" ||
            err "the $1 build needs the C++ runtime, and $_lib is missing: run 'apk add libstdc++ libgcc' as root, then run this installer again"
    done
}

# Prints the SHA-256 this script pins for archive $1, or nothing.
pinned_sum() {
    for _pin in $PINNED_ARCHIVES; do
        case $_pin in
            "$1="*)
                printf '%s\n' "${_pin#*=}"
                return 0
                ;;
        esac
    done
}

# Refuses before any download when the signature that must be checked (why: $1) cannot be, for want of ssh-keygen.
require_keygen() {
    command -v ssh-keygen >/dev/null 2>&1 ||
        err "$1, so its signature must be checked, which needs 'ssh-keygen' (OpenSSH 8.1 or later): install openssh-client (Alpine: apk add openssh-keygen), then run this again"
}

# Checks SUMS ($1) against its SSH signature ($2) with the release key; refuses on any doubt (fail closed).
verify_signature() {
    printf '%s %s\n' "$SIGNING_NAMESPACE" "$SIGNING_KEY" >"$tmp/allowed_signers"
    if ! ssh-keygen -Y verify -f "$tmp/allowed_signers" -I "$SIGNING_NAMESPACE" -n "$SIGNING_NAMESPACE" \
        -s "$2" <"$1" >/dev/null 2>&1; then
        err "the signature of $url/SHA256SUMS does not verify with the release key (or this ssh-keygen is older than OpenSSH 8.1): refusing to install"
    fi
}

# Downloads URL ($1) to FILE ($2). HTTPS-only flags apply when the URL is https, so a local
# archive (http://127.0.0.1) can stand in for the real one in tests.
download() {
    if command -v curl >/dev/null 2>&1; then
        case $1 in
            https://*) curl --proto '=https' --proto-redir '=https' --tlsv1.2 --fail --silent --show-error \
                --location --retry 3 --output "$2" "$1" ;;
            *) curl --fail --silent --show-error --location --retry 3 --output "$2" "$1" ;;
        esac
    elif command -v wget >/dev/null 2>&1; then
        wget -q -O "$2" "$1"
    else
        err "need 'curl' or 'wget' (command not found)"
    fi
}

# Prints the lower-case SHA-256 of FILE ($1).
sha256_of() {
    if command -v sha256sum >/dev/null 2>&1; then
        _sum=$(sha256sum "$1") || err "sha256sum failed on $1"
    elif command -v shasum >/dev/null 2>&1; then
        _sum=$(shasum -a 256 "$1") || err "shasum failed on $1"
    else
        err "need 'sha256sum' or 'shasum' to verify the download (command not found)"
    fi
    printf '%s\n' "${_sum%% *}" | tr 'A-F' 'a-f'
}

# Prints the checksum that SUMS ($1, sha256sum format: "<hash>  <file>" or "<hash> *<file>") lists for NAME ($2).
expected_sum() {
    awk -v f="$2" '$2 == f || $2 == "*" f { print tolower($1); exit }' "$1"
}

cleanup() {
    if [ -n "${staged:-}" ]; then
        rm -f "$staged"
    fi
    if [ -n "${tmp:-}" ]; then
        rm -rf "$tmp"
    fi
}

# Prints the PATH hint for DIR ($1) unless it is already on PATH.
path_hint() {
    case ":${PATH:-}:" in
        *":$1:"*) return 0 ;;
    esac
    _shown=$1
    if [ -n "${HOME:-}" ]; then
        case $1 in
            "$HOME"/*) _shown="\$HOME${1#"$HOME"}" ;;
        esac
    fi
    say "$1 is not on your PATH. To use $BINARY, add this line to your shell profile (~/.profile, ~/.bashrc or ~/.zshrc):"
    printf '\n    export PATH="%s:%s"\n\n' "$_shown" "\$PATH" >&2
}

main() {
    version=$(getenv VERSION) || exit 1
    install_dir=$(getenv INSTALL_DIR) || exit 1
    base_url=$(getenv DOWNLOAD_URL) || exit 1
    no_modify_path=$(getenv NO_MODIFY_PATH) || exit 1
    target=$(getenv TARGET) || exit 1
    staged=""
    tmp=""

    while [ $# -gt 0 ]; do
        case $1 in
            --version)
                [ $# -ge 2 ] || err "--version needs a value (e.g. --version 1.2.3)"
                version=$2
                shift
                ;;
            --version=*) version=${1#--version=} ;;
            --install-dir)
                [ $# -ge 2 ] || err "--install-dir needs a value"
                install_dir=$2
                shift
                ;;
            --install-dir=*) install_dir=${1#--install-dir=} ;;
            --target)
                [ $# -ge 2 ] || err "--target needs a value (one of: $TARGETS)"
                target=$2
                shift
                ;;
            --target=*) target=${1#--target=} ;;
            --no-modify-path) no_modify_path=1 ;;
            -y | --yes) ;;
            -h | --help)
                usage
                return 0
                ;;
            *) err "unknown option: $1 (see --help)" ;;
        esac
        shift
    done

    version=${version:-latest}
    case $version in
        latest) ;;
        '' | *[!A-Za-z0-9._+-]*) err "invalid version: '$version' (e.g. 1.2.3)" ;;
        *) version=v${version#v} ;;
    esac
    if [ -n "$target" ]; then
        case " $TARGETS " in
            *" $target "*) ;;
            *) err "unknown target: '$target' (one of: $TARGETS)" ;;
        esac
    fi
    if [ -z "$install_dir" ]; then
        install_dir=${XDG_BIN_HOME:-}
    fi
    if [ -z "$install_dir" ]; then
        [ -n "${HOME:-}" ] || err "HOME is not set: pass --install-dir <dir>"
        install_dir="@@INSTALL_DIR_DEFAULT@@"
    fi
    base_url=${base_url:-$RELEASE_ARCHIVE}
    base_url=${base_url%/}
    case $base_url in
        https://*) ;;
        http://127.0.0.1[:/]* | http://localhost[:/]* | http://127.0.0.1 | http://localhost) ;;
        *) say "warning: $base_url is not https: the download is not protected in transit" ;;
    esac

    need_cmd uname
    need_cmd mktemp
    need_cmd tar
    need_cmd awk
    need_cmd tr
    need_cmd chmod
    need_cmd mkdir
    need_cmd mv
    need_cmd cp
    need_cmd rm

    if [ -z "$target" ]; then
        target=$(detect_target) || exit 1
        case $target in
            *-musl*) require_cxx_runtime "$target" ;;
        esac
    fi
    archive="$BINARY-$target.tar.gz"

    # The release this script pins installs on its pinned SHA-256 alone; any other needs its signature checked.
    pinned=""
    if [ -n "$PINNED_VERSION" ] && { [ "$version" = latest ] || [ "$version" = "v$PINNED_VERSION" ]; }; then
        pinned=$(pinned_sum "$archive")
        [ -n "$pinned" ] || require_keygen "this installer pins no $archive of $PRODUCT $PINNED_VERSION"
        version="v$PINNED_VERSION"
    elif [ -n "$PINNED_VERSION" ]; then
        require_keygen "$version is not the release this installer pins ($PINNED_VERSION)"
    else
        require_keygen "this installer pins no release (its site was built without one)"
    fi
    case $version in
        latest) url="$base_url/latest/download" ;;
        *) url="$base_url/download/$version" ;;
    esac

    # Signal traps must exit, or the shell carries on after running them; exit runs the EXIT trap.
    trap cleanup EXIT
    trap 'exit 129' HUP
    trap 'exit 130' INT
    trap 'exit 143' TERM
    tmp=$(mktemp -d 2>/dev/null || mktemp -d -t "$BINARY-install")
    [ -d "$tmp" ] || err "could not create a temporary directory"

    say "downloading $PRODUCT ($version, $target) from $url/$archive"
    if ! download "$url/$archive" "$tmp/$archive"; then
        err "download failed: $url/$archive"
    fi
    if [ -n "$pinned" ]; then
        expected=$pinned
        source="pinned by $INSTALLER_URL"
    else
        if ! download "$url/SHA256SUMS" "$tmp/SHA256SUMS"; then
            err "download failed: $url/SHA256SUMS"
        fi
        if ! download "$url/SHA256SUMS.sig" "$tmp/SHA256SUMS.sig"; then
            err "download failed: $url/SHA256SUMS.sig (an unsigned release is refused)"
        fi
        verify_signature "$tmp/SHA256SUMS" "$tmp/SHA256SUMS.sig"
        say "verified the signature of SHA256SUMS"
        expected=$(expected_sum "$tmp/SHA256SUMS" "$archive") || err "could not read $url/SHA256SUMS"
        source="listed in $url/SHA256SUMS"
    fi
    case $expected in
        '') err "no checksum for $archive in $url/SHA256SUMS: refusing to install" ;;
        *[!0-9a-f]*) err "malformed checksum for $archive in $url/SHA256SUMS: refusing to install" ;;
    esac
    [ ${#expected} -eq 64 ] || err "malformed checksum for $archive in $url/SHA256SUMS: refusing to install"
    actual=$(sha256_of "$tmp/$archive") || exit 1
    if [ "$expected" != "$actual" ]; then
        err "checksum mismatch for $archive (expected $expected, $source; got $actual): refusing to install"
    fi
    say "verified SHA-256 $actual ($source)"

    mkdir "$tmp/unpacked"
    tar -xzf "$tmp/$archive" -C "$tmp/unpacked" || err "could not unpack $archive"
    binary="$tmp/unpacked/$BINARY"
    if [ ! -f "$binary" ]; then
        binary="$tmp/unpacked/$BINARY-$target/$BINARY"
    fi
    [ -f "$binary" ] || err "$archive holds no '$BINARY' binary"

    # Atomic install: stage under a temporary name in the target folder, then rename over the old binary.
    mkdir -p "$install_dir" || err "could not create $install_dir"
    staged="$install_dir/.$BINARY.tmp.$$"
    cp "$binary" "$staged" || err "could not write to $install_dir"
    chmod 0755 "$staged"
    mv -f "$staged" "$install_dir/$BINARY" || err "could not install $install_dir/$BINARY"
    staged=""
    say "installed $install_dir/$BINARY"

    if [ "$no_modify_path" != 1 ]; then
        path_hint "$install_dir"
    fi
    say "run '$BINARY --help' to get started"
}

# Braces: the shell parses this whole group before running it, so a download cut short anywhere above
# or inside this line fails to parse or only defines functions; it never runs main without its arguments.
{ main "$@"; }
