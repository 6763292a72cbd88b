#!/usr/bin/env bash
# Install bang-companion on a Raspberry Pi from this checkout, or take it off again.
# It first prints every change it will make (the plan), then makes only those: a second run
# finds nothing to do. hardware/README.md walks through it.
set -euo pipefail

usage() {
    cat <<'EOF'
Usage: sudo hardware/install.sh [--dry-run] [--yes]
       sudo hardware/install.sh --uninstall [--dry-run] [--yes]
       hardware/install.sh --check-boot-config FILE
       hardware/install.sh --help

Installs the BANG! Dice companion from this checkout on Raspberry Pi OS Bookworm or Trixie
(32- or 64-bit), or on Debian 12+ or Ubuntu 24.04+ for the Raspberry Pi: system packages with
apt-get, the companion in /opt/bang-companion/venv with pip, the service user 'bang', the
configuration /etc/bang-companion/config.toml (an existing one is kept), the systemd service
(enabled, not started), the public page's socket unit (not enabled) and the command
bang-companion on PATH (it runs as 'bang').
It needs the network: apt-get and pip download packages.

  --dry-run            print the plan (every change it would make) and change nothing;
                       needs no root
  --yes                do not ask before making the changes (asked only on a terminal)
  --uninstall          remove what the installer put on the system; the games in
                       /var/lib/bang-companion, the configuration and the user 'bang' stay
  --check-boot-config FILE
                       only check that FILE (config.txt) switches on I2C, SPI and frees
                       GPIO 7 and 9; a warning for each line missing, exit status 1 if any
  --help               this text

Exit status: 0 done (or nothing to do), 1 a step failed, 2 a wrong argument.
EOF
}

PREFIX=/opt/bang-companion
VENV=$PREFIX/venv
FINGERPRINT=$PREFIX/installed-source.sha256
CONFIG_DIR=/etc/bang-companion
CONFIG=$CONFIG_DIR/config.toml
UNIT=/etc/systemd/system/bang-companion.service
# The public page's socket: installed, enabled only by the owner who turns the page on.
SOCKET_UNIT=/etc/systemd/system/bang-companion-web.socket
SOCKET=bang-companion-web.socket
# The page's drop-in of old, which opened the service's network: the socket replaces it.
OLD_DROP_IN=/etc/systemd/system/bang-companion.service.d/web.conf
MODULES_FILE=/etc/modules-load.d/bang-companion.conf
UDEV_RULES=/etc/udev/rules.d/60-bang-companion.rules
COMMAND=/usr/local/bin/bang-companion
STATE_DIR=/var/lib/bang-companion
SERVICE=bang-companion.service
SERVICE_USER=bang
SERVICE_GROUPS=(gpio i2c spi dialout)
# Kernel modules whose /proc/devices names the unit's DeviceAllow= needs at service start.
MODULES=(i2c-dev spidev cdc_acm usbserial)
# What the companion needs from the distribution; python3-lgpio is added where it has one.
APT_PACKAGES=(python3-venv python3-spidev i2c-tools)
# What building lgpio needs where PyPI has no wheel for this Python and processor.
LGPIO_BUILD_PACKAGES=(swig gcc python3-dev)
PYPI_PACKAGES="gpiozero, luma.oled, luma.core, pyserial, smbus2, Pillow"

checkout=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

say() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() {
    printf 'install.sh: %s\n' "$*" >&2
    exit 1
}

# ----------------------------------------------------------------- the boot configuration

# Whether an active (not commented out) line of config.txt matches the extended regex $2.
active() {
    grep -Eq "^[[:space:]]*$2" "$1" 2>/dev/null
}

# What the example configuration needs from config.txt; a warning for each thing missing.
check_boot_config() {
    local file=$1 missing=0
    if [[ ! -r $file ]]; then
        warn "$file cannot be read: check it by hand (hardware/README.md)"
        return 1
    fi
    if ! active "$file" 'dtparam=([^#]*,)?i2c_arm=on'; then
        warn "$file: I2C is off: add 'dtparam=i2c_arm=on,i2c_arm_baudrate=400000', then reboot"
        missing=1
    elif ! active "$file" 'dtparam=([^#]*,)?i2c_arm_baudrate=[0-9]+'; then
        # A baud rate written down is the maker's choice (100000 for long cables); none at
        # all is the firmware's default, 100 kHz, which nobody chose.
        warn "$file: I2C runs at 100 kHz (the default): add 'i2c_arm_baudrate=400000' (frames 4x faster)"
        missing=1
    fi
    if ! active "$file" 'dtparam=([^#]*,)?spi=on'; then
        warn "$file: SPI is off (the SSD1322 console): add 'dtparam=spi=on', then reboot"
        missing=1
    fi
    # SEAT7 and SEAT8 are wired to GPIO 7 and 9, which SPI0 keeps (CE1, MISO) unless freed.
    if ! active "$file" 'dtoverlay=spi0-1cs(,[^#]*)?,no_miso'; then
        warn "$file: GPIO 7 and 9 (SEAT7, SEAT8) are SPI0's: add 'dtoverlay=spi0-1cs,no_miso'"
        missing=1
    fi
    return $missing
}

# ----------------------------------------------------------------- arguments

dry_run=0 assume_yes=0 uninstall=0
while (($#)); do
    case $1 in
    --help | -h)
        usage
        exit 0
        ;;
    --check-boot-config)
        if (($# != 2)); then
            printf 'install.sh: --check-boot-config takes one FILE and nothing else\n\n' >&2
            usage >&2
            exit 2
        fi
        check_boot_config "$2"
        exit
        ;;
    --dry-run) dry_run=1 ;;
    --yes | -y) assume_yes=1 ;;
    --uninstall) uninstall=1 ;;
    *)
        printf 'install.sh: unknown argument %q\n\n' "$1" >&2
        usage >&2
        exit 2
        ;;
    esac
    shift
done

if ((!dry_run)) && [[ $EUID -ne 0 ]]; then
    die "run as root: sudo $0$( ((uninstall)) && echo " --uninstall") (or see the plan first: $0 --dry-run)"
fi

# ----------------------------------------------------------------- what this system is

os_release=/etc/os-release
[[ -r $os_release ]] || os_release=/usr/lib/os-release
[[ -r $os_release ]] || die "no /etc/os-release: cannot tell which system this is"
# shellcheck disable=SC1090
os_id=$(. "$os_release" && echo "${ID:-}")
os_like=$(. "$os_release" && echo "${ID_LIKE:-}")
os_name=$(. "$os_release" && echo "${PRETTY_NAME:-$os_id}")
raspberry_pi_os=0
for source in /etc/apt/sources.list.d/raspi.list /etc/apt/sources.list.d/raspi.sources; do
    [[ -e $source ]] && raspberry_pi_os=1
done
[[ $os_id == raspbian ]] && raspberry_pi_os=1
((raspberry_pi_os)) && os_name="Raspberry Pi OS ($os_name)"
if [[ " $os_id $os_like " != *" debian "* && $os_id != raspbian ]] || ! command -v apt-get >/dev/null; then
    die "$os_name is not supported: expected Raspberry Pi OS, Debian or Ubuntu (apt-get)"
fi
arch=$(dpkg --print-architecture)

python_version=""
if command -v python3 >/dev/null; then
    python_version=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        die "Python $python_version is too old: the companion needs 3.11 or newer (Raspberry Pi OS Bookworm or Trixie, Debian 12+, Ubuntu 24.04+)"
    fi
fi

# Whether apt-get can install package $1 from the archives it knows now.
apt_has() {
    local candidate
    candidate=$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p')
    [[ -n $candidate && $candidate != "(none)" ]]
}

installed() {
    [[ $(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) == "install ok installed" ]]
}

live_systemd() {
    [[ -d /run/systemd/system ]]
}

# gpiozero's pin factory: Raspberry Pi OS's archive has python3-lgpio, Debian's and
# Ubuntu's do not, and there it comes from PyPI into the virtual environment.
if apt_has python3-lgpio; then
    lgpio_from=apt
    APT_PACKAGES+=(python3-lgpio)
else
    lgpio_from=pypi
fi

# A fingerprint of what pip would install, so an unchanged checkout is not reinstalled.
source_fingerprint() {
    (cd "$checkout" && find pyproject.toml README.md companion -type f ! -path '*/__pycache__/*' \
        -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
}
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$checkout/pyproject.toml")

# ----------------------------------------------------------------- the plan

# Each step: a test whether it is needed, a line for the plan, and the change itself.
plan=()
steps=()
step() {
    plan+=("$1")
    steps+=("$2")
}

plan_install() {
    local missing=() package group needs_groups=() not_member=()
    for package in "${APT_PACKAGES[@]}"; do
        installed "$package" || missing+=("$package")
    done
    ((${#missing[@]})) && step "apt-get install ${missing[*]} (from this system's package archive)" \
        "apt_install ${missing[*]}"
    if [[ -z $(find /usr/lib/udev/rules.d /lib/udev/rules.d /etc/udev/rules.d -name 99-com.rules \
        2>/dev/null) ]] && ! cmp -s "$checkout/systemd/60-bang-companion.rules" "$UDEV_RULES"; then
        step "write $UDEV_RULES: the groups gpio, i2c and spi own the GPIO, I2C and SPI devices (Raspberry Pi OS does this itself; this system does not)" \
            install_udev_rules
    fi
    for group in "${SERVICE_GROUPS[@]}"; do
        getent group "$group" >/dev/null || needs_groups+=("$group")
    done
    ((${#needs_groups[@]})) && step "create the system groups ${needs_groups[*]}" \
        "create_groups ${needs_groups[*]}"
    if ! id -u "$SERVICE_USER" >/dev/null 2>&1; then
        step "create the system user $SERVICE_USER (no login, no password), home $STATE_DIR" \
            create_user
        not_member=("${SERVICE_GROUPS[@]}")
    else
        for group in "${SERVICE_GROUPS[@]}"; do
            [[ " $(id -nG "$SERVICE_USER") " == *" $group "* ]] || not_member+=("$group")
        done
    fi
    ((${#not_member[@]})) && step "add $SERVICE_USER to the groups ${not_member[*]}" \
        "join_groups ${not_member[*]}"
    [[ -x $VENV/bin/python ]] || step "create the virtual environment $VENV (it also sees the system's python3-spidev$([[ $lgpio_from == apt ]] && echo " and python3-lgpio"))" \
        create_venv
    if [[ $lgpio_from == pypi ]] && ! { [[ -x $VENV/bin/python ]] && "$VENV/bin/python" -c 'import lgpio' 2>/dev/null; }; then
        step "pip install lgpio from PyPI into $VENV (this system's archive has no python3-lgpio); where PyPI has no wheel for Python ${python_version:-3} on $arch, apt-get install ${LGPIO_BUILD_PACKAGES[*]} first and build it" \
            install_lgpio
    fi
    if [[ $(cat "$FINGERPRINT" 2>/dev/null) != "$(source_fingerprint)" ]]; then
        step "pip install bang-companion $version into $VENV from a copy of $checkout in a temporary folder (nothing is written into the checkout), with $PYPI_PACKAGES from PyPI" \
            install_package
    fi
    [[ -e $CONFIG ]] || step "copy hardware/config.example.toml to $CONFIG (edit it to match your table)" \
        install_config
    if [[ $(cat "$MODULES_FILE" 2>/dev/null) != "$(modules_file)" ]]; then
        step "write $MODULES_FILE: load ${MODULES[*]} at boot (the service may only open devices whose drivers are loaded when it starts)" \
            write_modules_file
    fi
    if live_systemd; then
        local module not_loaded=()
        for module in "${MODULES[@]}"; do
            [[ -d /sys/module/${module//-/_} ]] || not_loaded+=("$module")
        done
        ((${#not_loaded[@]})) && step "load the kernel modules ${not_loaded[*]} now" \
            "load_modules ${not_loaded[*]}"
    fi
    if [[ ! -d $STATE_DIR || $(stat -c '%U:%G %a' "$STATE_DIR") != "$SERVICE_USER:$SERVICE_USER 750" ]]; then
        step "make the state folder $STATE_DIR (the games' journals), $SERVICE_USER's, mode 0750" \
            make_state_dir
    fi
    if ! cmp -s "$checkout/systemd/bang-companion.service" "$UNIT"; then
        step "install the systemd unit $UNIT" install_unit
    fi
    if ! cmp -s "$checkout/systemd/$SOCKET" "$SOCKET_UNIT"; then
        step "install the public page's socket unit $SOCKET_UNIT (not enabled: the page stays off until you turn it on, hardware/README.md)" \
            install_socket_unit
    fi
    if [[ -e $OLD_DROP_IN ]]; then
        step "remove $OLD_DROP_IN, which opened the service's network (the page now takes its socket from $SOCKET: enable it to keep the page on)" \
            remove_old_drop_in
    fi
    if ! systemctl is-enabled --quiet "$SERVICE" 2>/dev/null; then
        step "enable $SERVICE: it starts at every boot (not now: the first start is yours)" \
            enable_service
    fi
    if ! cmp -s "$checkout/hardware/bin/bang-companion" "$COMMAND"; then
        step "install the command $COMMAND: bang-companion check-hardware, games, replay, run as $SERVICE_USER" \
            install_command
    fi
    if ((${#steps[@]})) && live_systemd && systemctl is-active --quiet "$SERVICE"; then
        step "restart the running $SERVICE with the new version" restart_service
    fi
}

plan_uninstall() {
    if systemctl is-enabled --quiet "$SERVICE" 2>/dev/null ||
        { live_systemd && systemctl is-active --quiet "$SERVICE"; }; then
        step "stop and disable $SERVICE" stop_service
    fi
    if systemctl is-enabled --quiet "$SOCKET" 2>/dev/null ||
        { live_systemd && systemctl is-active --quiet "$SOCKET"; }; then
        step "stop and disable $SOCKET" stop_socket
    fi
    [[ -e $SOCKET_UNIT ]] && step "remove the socket unit $SOCKET_UNIT" remove_socket_unit
    [[ -e $OLD_DROP_IN ]] && step "remove $OLD_DROP_IN" remove_old_drop_in
    [[ -e $UNIT ]] && step "remove the systemd unit $UNIT" remove_unit
    [[ -e $COMMAND ]] && step "remove the command $COMMAND" "remove_path $COMMAND"
    [[ -e $PREFIX ]] && step "remove $PREFIX (the companion and its virtual environment)" \
        "remove_path $PREFIX"
    [[ -e $MODULES_FILE ]] && step "remove $MODULES_FILE" "remove_path $MODULES_FILE"
    if [[ -e $UDEV_RULES ]]; then
        step "remove $UDEV_RULES" "remove_path $UDEV_RULES"
    fi
    return 0
}

modules_file() {
    printf '%s\n' "# bang-companion: device classes the service is allowed to use" "${MODULES[@]}"
}

# ----------------------------------------------------------------- the changes

apt_install() {
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
}

install_udev_rules() {
    install -m 0644 "$checkout/systemd/60-bang-companion.rules" "$UDEV_RULES"
    if live_systemd; then
        udevadm control --reload && udevadm trigger --subsystem-match=gpio \
            --subsystem-match=i2c-dev --subsystem-match=spidev || warn "udevadm failed: reboot"
    fi
}

create_groups() {
    local group
    for group in "$@"; do
        # An earlier step may have made it (i2c-tools brings the group i2c).
        getent group "$group" >/dev/null || groupadd --system "$group"
    done
}

create_user() {
    useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
        --shell /usr/sbin/nologin "$SERVICE_USER"
}

join_groups() {
    usermod --append --groups "$(IFS=,; echo "$*")" "$SERVICE_USER"
}

create_venv() {
    install -d -m 0755 "$PREFIX"
    python3 -m venv --system-site-packages "$VENV"
}

install_lgpio() {
    if ! "$VENV/bin/pip" install --quiet --only-binary=:all: lgpio; then
        say "no lgpio wheel for Python $python_version on $arch: building it from its source"
        apt_install "${LGPIO_BUILD_PACKAGES[@]}"
        # PYPI=1: lgpio's setup.py links its own copy of the C library in.
        PYPI=1 "$VENV/bin/pip" install --quiet --no-binary=lgpio lgpio
    fi
}

install_package() {
    local stage fingerprint
    fingerprint=$(source_fingerprint)
    # pip builds in the source folder (build/, *.egg-info): a root-owned copy, not the
    # maker's checkout, so nothing there becomes root's.
    stage=$(mktemp -d)
    tar -C "$checkout" --exclude=__pycache__ -cf - pyproject.toml README.md companion |
        tar -C "$stage" -xf -
    "$VENV/bin/pip" install --quiet --disable-pip-version-check --upgrade "$stage"
    rm -rf "$stage"
    printf '%s\n' "$fingerprint" >"$FINGERPRINT"
}

install_config() {
    install -d -m 0755 "$CONFIG_DIR"
    install -m 0644 "$checkout/hardware/config.example.toml" "$CONFIG"
}

write_modules_file() {
    modules_file >"$MODULES_FILE"
}

load_modules() {
    local module
    for module in "$@"; do
        modprobe "$module" || warn "could not load $module"
    done
}

make_state_dir() {
    # The service's StateDirectory=; made now so check-hardware can run there as $SERVICE_USER.
    install -d -o "$SERVICE_USER" -g "$SERVICE_USER" -m 0750 "$STATE_DIR"
}

install_unit() {
    install -m 0644 "$checkout/systemd/bang-companion.service" "$UNIT"
    if live_systemd; then systemctl daemon-reload; fi
}

install_socket_unit() {
    install -m 0644 "$checkout/systemd/$SOCKET" "$SOCKET_UNIT"
    if live_systemd; then systemctl daemon-reload; fi
}

remove_old_drop_in() {
    rm -f "$OLD_DROP_IN"
    rmdir --ignore-fail-on-non-empty "$(dirname "$OLD_DROP_IN")"
    if live_systemd; then systemctl daemon-reload; fi
}

enable_service() {
    systemctl enable --quiet "$SERVICE"
}

install_command() {
    install -m 0755 "$checkout/hardware/bin/bang-companion" "$COMMAND"
}

restart_service() {
    systemctl try-restart "$SERVICE"
}

stop_service() {
    if live_systemd; then
        systemctl disable --now --quiet "$SERVICE"
    else
        systemctl disable --quiet "$SERVICE"
    fi
}

stop_socket() {
    if live_systemd; then
        systemctl disable --now --quiet "$SOCKET"
    else
        systemctl disable --quiet "$SOCKET"
    fi
}

remove_socket_unit() {
    rm -f "$SOCKET_UNIT"
    if live_systemd; then systemctl daemon-reload; fi
}

remove_unit() {
    rm -f "$UNIT"
    if live_systemd; then systemctl daemon-reload; fi
}

remove_path() {
    rm -rf -- "$1"
}

# ----------------------------------------------------------------- run

if ((uninstall)); then
    plan_uninstall
else
    plan_install
fi

echo "bang-companion installer: $os_name, $arch${python_version:+, Python $python_version}"
if ((uninstall)); then
    echo "Removing bang-companion; kept: the games in $STATE_DIR, your configuration $CONFIG_DIR,"
    echo "the user $SERVICE_USER (owner of the games) and the system packages (others may use them)."
else
    echo "Source: $checkout (bang-companion $version)"
    echo "lgpio (the GPIO library): $([[ $lgpio_from == apt ]] && echo "python3-lgpio from this system's archive" || echo "from PyPI: this system's archive has no python3-lgpio")"
fi
if ((${#steps[@]} == 0)); then
    echo "Nothing to change: $( ((uninstall)) && echo "nothing of bang-companion's is installed" || echo "bang-companion $version is installed as it should be")."
else
    ((uninstall)) || echo "This needs the network: apt-get and pip download what the plan names."
    echo "The plan, ${#steps[@]} change(s):"
    printf '  + %s\n' "${plan[@]}"
fi

if ((dry_run)); then
    echo "Dry run: nothing was changed."
    exit 0
fi
if ((${#steps[@]})) && ((!assume_yes)) && [[ -t 0 ]]; then
    read -r -p "Go on? [Y/n] " answer
    [[ $answer =~ ^([Yy].*)?$ ]] || {
        echo "Stopped: nothing was changed."
        exit 0
    }
fi

for i in "${!steps[@]}"; do
    say "${plan[$i]}"
    ${steps[$i]}
done

if ((uninstall)); then
    ((${#steps[@]})) && echo "Removed. To delete the games and the configuration too: sudo rm -r $STATE_DIR $CONFIG_DIR && sudo userdel $SERVICE_USER"
    exit 0
fi

boot_config=/boot/firmware/config.txt
[[ -e $boot_config ]] || boot_config=/boot/config.txt
check_boot_config "$boot_config" || warn "hardware/README.md says what to add; edit $boot_config, then reboot"

((${#steps[@]})) && echo "Installed bang-companion $version (${#steps[@]} change(s))."
echo "Next: edit $CONFIG, check the wiring with 'bang-companion check-hardware',"
echo "then start the service: sudo systemctl start bang-companion (it also starts at every boot)."
