#!/usr/bin/env bash
# Builds a small JRE base image from the local JDK, with no registry: for air-gapped sites and CI.
#   docker/build-base-image.sh [IMAGE]        (default sonde-base:local)
# jlink makes the runtime; the shared libraries it needs are copied at their own paths; busybox gives /bin/sh;
# the result is imported as an image. Set JAVA_HOME to choose the JDK (default: the one `java` runs).
set -euo pipefail

image="${1:-sonde-base:local}"
jdk="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
# What `jdeps --print-module-deps` reports for sonde.jar (jdk.httpserver serves the probe's metrics), plus what
# TLS, JFR and JMX tools need at run time, and what the hiccup agent needs: java.instrument to load it with
# -javaagent, jdk.attach and java.management.rmi for 'sonde hiccup --pid' and 'sonde doctor --pid'.
modules="java.base,java.compiler,java.desktop,java.instrument,java.logging,java.management,java.management.rmi,\
java.naming,java.net.http,java.sql,jdk.attach,jdk.crypto.ec,jdk.httpserver,jdk.jfr,jdk.management,\
jdk.unsupported,jdk.zipfs"

for tool in docker busybox; do
    command -v "$tool" >/dev/null || { echo "build-base-image: '$tool' is required (apt-get install docker.io busybox-static)" >&2; exit 2; }
done
[[ -x "$jdk/bin/jlink" ]] || { echo "build-base-image: no jlink in $jdk (set JAVA_HOME to a JDK)" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/root"
mkdir -p "$root"/{bin,etc,tmp,data,opt}
chmod 1777 "$root/tmp"

"$jdk/bin/jlink" --add-modules "$modules" --output "$root/opt/java" \
    --strip-debug --no-header-files --no-man-pages --compress=2

# Debian's JDK links cacerts into /etc/ssl: copy the real file into the runtime.
cacerts="$root/opt/java/lib/security/cacerts"
if [[ -L "$cacerts" ]]; then
    cp --remove-destination "$(readlink -f "$cacerts")" "$cacerts"
fi

# Every shared library the runtime's executables and libraries load, at the same path, and the loader.
find "$root/opt/java" -type f \( -name '*.so' -o -perm -u+x \) -print0 |
    xargs -0 ldd 2>/dev/null | awk '/=> \// { print $3 } /^\s*\/lib/ { print $1 }' | sort -u |
    while read -r library; do
        mkdir -p "$root$(dirname "$library")"
        cp -L "$library" "$root$library"
    done
mkdir -p "$root/lib64"
cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"

cp "$(command -v busybox)" "$root/bin/busybox"
for applet in sh ls cat cp mv rm mkdir chown chmod echo sleep test ps kill nc wget env id; do
    ln -s busybox "$root/bin/$applet"
done

printf 'root:x:0:0:root:/root:/bin/sh\nsonde:x:1000:1000:sonde:/data:/bin/sh\n' > "$root/etc/passwd"
printf 'root:x:0:\nsonde:x:1000:\n' > "$root/etc/group"
printf 'passwd: files\ngroup: files\nhosts: files dns\n' > "$root/etc/nsswitch.conf"
chown 1000:1000 "$root/data"

tar -C "$root" -c . | docker import \
    --change 'ENV PATH=/opt/java/bin:/bin' \
    --change 'ENV JAVA_HOME=/opt/java' \
    - "$image"
echo "build-base-image: built $image from $jdk"
