#!/bin/sh
# Proves: the series works on a Debian 12 system as its users run one
# (docs/debian-system.md). The packages of make deb, installed with apt
# into a bookworm image (make system-image), boot under QEMU with
# systemd and AppArmor, and in the booted system (guest/debian-system-suite,
# run by the image's dstest.service from a 9p share): systemd's BPF FS,
# Debian's LSMs, the examples built with Debian's gcc and libbpf 1.4.6
# against the installed patched header, a service that pins through
# path_fd, Debian's bpftool, AppArmor deciding on the path path_fd
# resolves to, patch 1 seen from AppArmor. The same image on the
# unpatched kernel's package: the examples' documented status, the
# same boot otherwise. The consoles and journalctl -k pass splat-scan.
#   checks/debian-system.sh
# DEBIAN_SYSTEM_KERNELS (default "patched unpatched") narrows the boots
# (the unpatched one runs what the patched one built);
# DEBIAN_SYSTEM_PROFILE replaces guest/system/pin_at.apparmor (the
# tooling test's broken profile).
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/debs.sh
. "$TOP/scripts/lib/debs.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"

kernels=${DEBIAN_SYSTEM_KERNELS:-patched unpatched}
profile=${DEBIAN_SYSTEM_PROFILE:-$TOP/guest/system/pin_at.apparmor}
tap_init

# What the guest is to find, from the packages make deb made
deb_releases
image_deb=$(deb_one "$DEB/linux-image-${rel}_*_amd64.deb")
libc_deb=$(deb_one "$DEB/linux-libc-dev_*_amd64.deb")
version=$(dpkg-deb -f "$image_deb" Version)
img=$SYSTEM/debian12.img

# --- the config, the packages, the image
if "$TOP/scripts/build/distro-config.sh" > "$check_dir/distro-config.txt" 2>&1; then
	ok "config/distro.config: $(tail -n 1 "$check_dir/distro-config.txt" | sed "s|$DEBS/||")"
else
	not_ok "config/distro.config is not what its markers say of Debian's config"
	sed 's/^/# /' "$check_dir/distro-config.txt"
fi

dpkg-deb -c "$image_deb" > "$check_dir/linux-image.contents"
dpkg-deb --fsys-tarfile "$libc_deb" | tar -xO ./usr/include/linux/bpf.h > "$check_dir/bpf.h" || :
if grep -q " \./boot/vmlinuz-$rel$" "$check_dir/linux-image.contents" &&
   grep -q '__s32[[:space:]]*path_fd;' "$check_dir/bpf.h" &&
   grep -q 'BPF_F_PATH_FD[[:space:]]*=[[:space:]]*(1U << 14)' "$check_dir/bpf.h"; then
	ok "make deb: linux-image-$rel $version holds /boot/vmlinuz-$rel (dpkg-deb -c); linux-libc-dev $version's <linux/bpf.h> has BPF_F_PATH_FD and path_fd"
else
	not_ok "make deb: linux-image-$rel lacks /boot/vmlinuz-$rel, or linux-libc-dev's <linux/bpf.h> lacks BPF_F_PATH_FD or path_fd ($check_dir)"
fi

mb=$(du -m "$img" | cut -f1)
if [ "$mb" -lt 2048 ] &&
   grep -qx "linux-image-$rel $version" "$SYSTEM/packages.txt" &&
   grep -q "^linux-image-$rel_base " "$SYSTEM/packages.txt" &&
   grep -qx "linux-libc-dev $version" "$SYSTEM/packages.txt" &&
   grep -q "^libbpf-dev 1:1\.4\.6-" "$SYSTEM/packages.txt"; then
	ok "the image: $mb MB on disk; linux-image-$rel, linux-image-$rel_base, linux-libc-dev $version and libbpf-dev $(sed -n 's/^libbpf-dev //p' "$SYSTEM/packages.txt") installed ($SYSTEM/packages.txt)"
else
	not_ok "the image: $mb MB on disk (at most 2047), or a package of make deb or libbpf-dev 1.4.6 is not installed: $SYSTEM/packages.txt"
fi

# --- the boots
# The tests each boot's guest program reports, in its order
tests_patched="boot kernel bpffs apparmor header build examples service bpftool aa-profile aa-allowed aa-denied aa-cwd aa-notbpf aa-detached aa-detached-attach"
tests_unpatched="boot kernel bpffs apparmor unpatched-detached_pin unpatched-opath_pin unpatched-delegate_pin aa-profile unpatched-aa-notbpf"
for kind in $kernels; do
	case $kind in
	patched) krel=$rel tests=$tests_patched ;;
	unpatched) krel=$rel_base tests=$tests_unpatched ;;
	*) die "DEBIAN_SYSTEM_KERNELS: $kind is not patched or unpatched" ;;
	esac
	share=$check_dir/share-$kind
	mkdir -p "$share/system" "$share/examples" "$share/out"
	cp "$TOP/guest/debian-system-suite" "$share/suite"
	cp "$TOP/guest/system/"* "$share/system/"
	cp "$profile" "$share/system/pin_at.apparmor"
	cp "$TOP/examples/"Makefile "$TOP/examples/"*.c "$TOP/examples/"*.h "$share/examples/"
	if [ "$kind" = unpatched ]; then
		[ -d "$check_dir/share-patched/out/bin" ] ||
			die "the unpatched boot runs the programs the patched boot built: DEBIAN_SYSTEM_KERNELS must list patched first"
		cp -r "$check_dir/share-patched/out/bin" "$share/bin"
	fi
	cat > "$share/facts" <<-EOF
	RELEASE=$krel
	LIBC_DEV_VERSION=$version
	LIBBPF_VERSION=1.4.6
	LSM=$DEBIAN_LSM
	EOF
	echo "exec sh ./suite $kind" > "$share/start"

	step "booting the image on linux-image-$krel (TCG: about a minute)"
	log=$check_dir/$kind.log
	started=$(date +%s)
	rc=0
	"$TOP/scripts/system-run" -K "$kind" -s "$share" -l "$log" > /dev/null || rc=$?
	secs=$(($(date +%s) - started))
	out=$share/out
	if [ "$rc" = 0 ] && [ "$(cat "$out/status" 2>/dev/null)" = 0 ]; then
		ok "$kind: booted $krel, ran the guest program, powered off ($secs s; the console passes splat-scan)"
	else
		not_ok "$kind: system-run status $rc, guest program status $(cat "$out/status" 2>/dev/null || echo missing) (console: $log; guest: $out/guest.log)"
	fi
	for t in $tests; do
		line=$(grep "^$t " "$out/results" 2>/dev/null | tail -n 1)
		text=${line#"$t "}
		case $line in
		"$t ok "*) ok "$kind: $t: ${text#ok }" ;;
		"$t fail "*) not_ok "$kind: $t: ${text#fail }" ;;
		*) not_ok "$kind: $t: no result (the guest program did not get there: $out/guest.log)" ;;
		esac
		# the kernel and initrd that booted are the image's /boot's
		if [ "$t" = kernel ]; then
			(cd "$SYSTEM/boot" && sha256sum "vmlinuz-$krel" "initrd.img-$krel") |
				sed 's|  | |' > "$check_dir/$kind-boot.sha256"
			if cmp -s "$check_dir/$kind-boot.sha256" "$out/boot.sha256"; then
				ok "$kind: the kernel and initrd QEMU booted are the image's /boot/vmlinuz-$krel and initrd.img-$krel (sha256)"
			else
				not_ok "$kind: the kernel or initrd QEMU booted differ from the image's /boot (sha256: $check_dir/$kind-boot.sha256, $out/boot.sha256)"
			fi
		fi
	done
	if "$TOP/scripts/splat-scan" "$out/journal-k.log" > "$check_dir/$kind-journal-splat.txt" 2>&1; then
		ok "$kind: journalctl -k passes splat-scan"
	else
		not_ok "$kind: journalctl -k: $(tail -n 1 "$check_dir/$kind-journal-splat.txt")"
	fi
done

case " $kernels " in
*" patched "*"unpatched "*)
	if diff "$check_dir/share-patched/out/units.txt" "$check_dir/share-unpatched/out/units.txt" \
		> "$check_dir/units.diff"; then
		ok "the unpatched kernel boots the same: the same $(grep -c . "$check_dir/share-patched/out/units.txt") units active after boot"
	else
		not_ok "the units active after boot differ between the kernels: $check_dir/units.diff"
		sed 's/^/# /' "$check_dir/units.diff" | head -n 20
	fi ;;
esac
tap_done
