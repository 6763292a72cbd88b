#!/usr/bin/env bash
# Install bang-companion on a Raspberry Pi (Raspberry Pi OS Bookworm) from this checkout.
# Safe to run again: it upgrades the package, keeps an existing config, restarts the service.
#   sudo hardware/install.sh
# Only check a boot configuration (no root needed; warnings on stderr, status 1 if any):
#   hardware/install.sh --check-boot-config /boot/firmware/config.txt
set -euo pipefail

PREFIX=/opt/bang-companion
VENV=$PREFIX/venv
CONFIG_DIR=/etc/bang-companion
UNIT=/etc/systemd/system/bang-companion.service
SERVICE_USER=bang
SERVICE_GROUPS=(gpio i2c spi dialout)
# Kernel modules whose /proc/devices names the unit's DeviceAllow= needs at service start.
MODULES=(i2c-dev spidev cdc_acm usbserial)
STATE_DIR=/var/lib/bang-companion

checkout=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

say() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

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
    elif ! active "$file" 'dtparam=([^#]*,)?i2c_arm_baudrate=400000'; then
        warn "$file: I2C runs at 100 kHz: add 'i2c_arm_baudrate=400000' (frames 4x faster)"
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

if [[ ${1:-} == --check-boot-config ]]; then
    check_boot_config "${2:?usage: $0 --check-boot-config FILE}"
    exit
fi

if [[ $EUID -ne 0 ]]; then
    echo "run as root: sudo $0" >&2
    exit 1
fi

say "system packages"
apt-get update -q
# python3-lgpio: gpiozero's pin factory on Bookworm; python3-spidev: the SSD1322 console.
apt-get install -y -q python3-venv python3-lgpio python3-spidev i2c-tools

say "virtual environment $VENV"
install -d -m 0755 "$PREFIX"
if [[ ! -x $VENV/bin/python ]]; then
    # System site packages bring in lgpio and spidev from apt.
    python3 -m venv --system-site-packages "$VENV"
fi
"$VENV/bin/pip" install --quiet --upgrade pip
"$VENV/bin/pip" install --quiet --upgrade "$checkout"

say "groups and the $SERVICE_USER user"
for group in "${SERVICE_GROUPS[@]}"; do
    if ! getent group "$group" >/dev/null; then
        # The unit names every group; a missing one would stop the service from starting.
        warn "group $group is missing; creating it (is that interface enabled?)"
        groupadd --system "$group"
    fi
done
if ! id -u "$SERVICE_USER" >/dev/null 2>&1; then
    useradd --system --user-group --home-dir /var/lib/bang-companion --no-create-home \
        --shell /usr/sbin/nologin "$SERVICE_USER"
fi
usermod --append --groups "$(IFS=,; echo "${SERVICE_GROUPS[*]}")" "$SERVICE_USER"

say "configuration $CONFIG_DIR/config.toml"
install -d -m 0755 "$CONFIG_DIR"
if [[ -e $CONFIG_DIR/config.toml ]]; then
    echo "    keeping the existing file"
else
    install -m 0644 "$checkout/hardware/config.example.toml" "$CONFIG_DIR/config.toml"
fi

say "kernel modules"
printf '%s\n' "# bang-companion: device classes the service is allowed to use" "${MODULES[@]}" \
    >/etc/modules-load.d/bang-companion.conf
for module in "${MODULES[@]}"; do
    modprobe "$module" || warn "could not load $module"
done

say "state directory $STATE_DIR"
# The service's StateDirectory=; made now so check-hardware can run there as $SERVICE_USER
# (lgpio writes its .lgd-nfy* files into the working directory).
install -d -o "$SERVICE_USER" -g "$SERVICE_USER" -m 0750 "$STATE_DIR"

say "boot configuration"
boot_config=/boot/firmware/config.txt
[[ -e $boot_config ]] || boot_config=/boot/config.txt
check_boot_config "$boot_config" || warn "see hardware/README.md, edit $boot_config, then reboot"

say "systemd unit"
install -m 0644 "$checkout/systemd/bang-companion.service" "$UNIT"
systemctl daemon-reload
systemctl enable bang-companion.service
# Restart only when it was already running (an upgrade); a first start is up to the maker.
systemctl try-restart bang-companion.service

say "done. Check the wiring:  sudo -u $SERVICE_USER sh -c 'cd $STATE_DIR && $VENV/bin/bang-companion check-hardware --config $CONFIG_DIR/config.toml'"
say "then start it:          sudo systemctl start bang-companion   (it also starts at boot)"
