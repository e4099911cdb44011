# shellcheck shell=sh
# The Debian archive this machine's apt already uses (its own mirror or
# proxy), read from its sources at run time: the repository names no
# host. Sourced after scripts/lib.sh, which it needs. APT_ETC (default
# /etc/apt) is where the sources are read: the tooling's tests point it
# at sources of their own.
APT_ETC=${APT_ETC:-/etc/apt}

# apt_uri SUITE: the first URI of a "deb" source whose suites include
# SUITE, from a deb822 .sources file or a one-line sources.list; nothing
# when no source names it.
apt_uri() {
	{
		for au_f in "$APT_ETC"/sources.list.d/*.sources; do
			[ -f "$au_f" ] || continue
			awk -v c="$1" 'BEGIN { RS = "" }
				{ t = u = s = ""
				  n = split($0, l, "\n")
				  for (i = 1; i <= n; i++) {
					if (l[i] ~ /^Types:/) t = l[i]
					else if (l[i] ~ /^URIs:/) u = l[i]
					else if (l[i] ~ /^Suites:/) s = l[i]
				  }
				  if (t ~ /[ \t]deb([ \t]|$)/ && (s " ") ~ ("[ \t]" c " ")) {
					split(u, w, /[ \t]+/); print w[2]
				  } }' "$au_f"
		done
		cat "$APT_ETC"/sources.list "$APT_ETC"/sources.list.d/*.list 2>/dev/null |
			awk -v c="$1" '$1 == "deb" { sub(/ \[[^]]*\]/, ""); if ($3 == c) print $2 }'
	} | head -n 1
}

# The release's codename (bookworm), from /etc/os-release.
apt_codename() {
	ac_c=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	[ -n "$ac_c" ] || die "/etc/os-release names no VERSION_CODENAME"
	echo "$ac_c"
}

# apt_mirror SUITE: the URI to fetch SUITE from: the source that names
# it (bookworm-security has an archive of its own), else the release's
# own mirror, which carries the suites the sources do not name
# (bookworm-backports, trixie). Dies when there is neither.
apt_mirror() {
	am_u=$(apt_uri "$1")
	[ -n "$am_u" ] || am_u=$(apt_uri "$(apt_codename)")
	[ -n "$am_u" ] || die "no 'deb' source for $(apt_codename) in $APT_ETC/sources.list{,.d}: cannot tell which Debian mirror to use (add one for a reachable Debian mirror)"
	echo "$am_u"
}
