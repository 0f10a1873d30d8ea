#!/bin/sh
# Installs the @@PRODUCT@@ command-line binary (@@BINARY@@) from its public release archive.
#
#   curl -fsSL @@INSTALLER_URL@@ | sh
#   curl -fsSL @@INSTALLER_URL@@ | sh -s -- --version 1.2.3 --install-dir "$HOME/bin"
#
# Downloads <archive>/latest/download/@@BINARY@@-<os>-<arch>.tar.gz (or .../download/v<version>/...),
# checks the release's SHA256SUMS against its SSH signature with the key below (this script comes from the
# site, the root of trust: a download host that changed both an archive and its sums is still refused),
# verifies the archive's SHA-256 against SHA256SUMS, and installs the binary without sudo.
# It never prompts and never edits shell start-up files. Run with --help for every option.
#
# Generated from src/installer/install.sh: the quoted values below come from content/site.yaml at build time.
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
    cat <<EOF
Install the $PRODUCT command-line binary ($BINARY).

Usage:
  curl -fsSL $INSTALLER_URL | sh
  curl -fsSL $INSTALLER_URL | sh -s -- [options]

Options:
  --version <version>      install this release (e.g. 1.2.3) instead of the latest
  --install-dir <dir>      install into <dir> (default: \$XDG_BIN_HOME, else @@INSTALL_DIR_DISPLAY@@)
  --no-modify-path         do not print the PATH hint
  -y, --yes                accepted for compatibility; the installer never prompts
  -h, --help               show this help and exit

Environment (options win over these):
  ${ENV_PREFIX}_VERSION          same as --version
  ${ENV_PREFIX}_INSTALL_DIR      same as --install-dir
  ${ENV_PREFIX}_NO_MODIFY_PATH   set to 1 for --no-modify-path
  ${ENV_PREFIX}_DOWNLOAD_URL     release archive to download from (default: $RELEASE_ARCHIVE)

Supported platforms: $TARGETS.
Before anything is installed, the release's SHA256SUMS is checked against its signature by the release
key built into this script (with ssh-keygen, OpenSSH 8.1 or later), and the archive against SHA256SUMS.
EOF
}

# Prints <os>-<arch> for this machine, or fails naming what it found.
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
    case " $TARGETS " in
        *" $_os-$_arch$_libc "*) ;;
        *) err "no $PRODUCT binary is published for $_os-$_arch${_libc:+ ($_libc libc)} (supported: $TARGETS)" ;;
    esac
    printf '%s-%s%s\n' "$_os" "$_arch" "$_libc"
}

# Whether the C library is musl: its ldd says so (Alpine's prints "musl libc"), or, with no ldd, its loader is there.
is_musl() {
    if command -v ldd >/dev/null 2>&1; then
        case $(ldd --version 2>&1 || true) in
            *musl*) return 0 ;;
            *) return 1 ;;
        esac
    fi
    for _loader in /lib/ld-musl-*.so.1; do
        [ -e "$_loader" ] && return 0
    done
    return 1
}

# Checks SUMS ($1) against its SSH signature ($2) with the release key; refuses on any doubt (fail closed).
verify_signature() {
    command -v ssh-keygen >/dev/null 2>&1 ||
        err "need 'ssh-keygen' (OpenSSH 8.1 or later) to verify the release signature: install openssh-client (Alpine: apk add openssh-keygen), then retry"
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

    target=$(detect_target) || exit 1
    archive="$BINARY-$target.tar.gz"
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
    if ! download "$url/SHA256SUMS" "$tmp/SHA256SUMS"; then
        err "download failed: $url/SHA256SUMS"
    fi
    if ! download "$url/SHA256SUMS.sig" "$tmp/SHA256SUMS.sig"; then
        err "download failed: $url/SHA256SUMS.sig (an unsigned release is refused)"
    fi
    verify_signature "$tmp/SHA256SUMS" "$tmp/SHA256SUMS.sig"
    say "verified the signature of SHA256SUMS"

    expected=$(expected_sum "$tmp/SHA256SUMS" "$archive") || err "could not read $url/SHA256SUMS"
    case $expected in
        '') err "no checksum for $archive in $url/SHA256SUMS: refusing to install" ;;
        *[!0-9a-f]*) err "malformed checksum for $archive in $url/SHA256SUMS: refusing to install" ;;
    esac
    [ ${#expected} -eq 64 ] || err "malformed checksum for $archive in $url/SHA256SUMS: refusing to install"
    actual=$(sha256_of "$tmp/$archive") || exit 1
    if [ "$expected" != "$actual" ]; then
        err "checksum mismatch for $archive (expected $expected, got $actual): refusing to install"
    fi
    say "verified SHA-256 $actual"

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
