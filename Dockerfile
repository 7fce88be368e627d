# lbconform in a container: the binary, the golden vectors, their schemas and
# the docs (the relocatable tarball of scripts/package) on Debian 12 slim.
#
#   docker build -t lbconform .                                      from these sources
#   docker build --build-arg LBCONFORM_FROM=tarball -t lbconform .   from a release tarball
#                                                                    (lbconform-*-linux-x86_64.tar.gz in this folder)
#   docker run --rm lbconform run                                    the vectors on the built-in engines
#   docker run --rm -v "$PWD:/work" -w /work lbconform import --describe describe.yaml ...
#
# The image has no Python: an adapter that needs an interpreter runs in an
# image built FROM this one with it added. Needs BuildKit (Docker 23 and later
# by default): the stage LBCONFORM_FROM does not name is not built.
# scripts/check-dockerfile (ctest dockerfile) checks this file without Docker.
ARG LBCONFORM_FROM=sources

# From the sources: exactly the packages `scripts/install-deps --package` names
# (the build and the packaging), then scripts/package, which builds the .deb
# and the tarball and checks both.
FROM debian:12 AS sources
WORKDIR /src
COPY scripts/install-deps scripts/install-deps
RUN scripts/install-deps --package && rm -rf /var/lib/apt/lists/*
COPY . .
RUN cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DLBCONFORM_BUILD_TESTS=OFF \
      -DLBCONFORM_BUILD_BENCHMARKS=OFF -DLBCONFORM_BUILD_FUZZERS=OFF \
    && cmake --build build/release --target lbconform lbconform_completion \
    && scripts/package build/release \
    && mkdir -p /opt/lbconform \
    && tar -xzf build/release/package/lbconform-*-linux-x86_64.tar.gz -C /opt/lbconform --strip-components=1

# From a release tarball beside this file.
FROM debian:12-slim AS tarball
COPY lbconform-*-linux-x86_64.tar.gz /tmp/
RUN mkdir -p /opt/lbconform \
    && tar -xzf /tmp/lbconform-*-linux-x86_64.tar.gz -C /opt/lbconform --strip-components=1 \
    && rm /tmp/lbconform-*-linux-x86_64.tar.gz

FROM ${LBCONFORM_FROM} AS payload

# The image: the tree under /opt/lbconform, nothing installed beside it (the
# tarball carries every library but the C/C++ runtime, which the image has).
FROM debian:12-slim
COPY --from=payload /opt/lbconform /opt/lbconform
RUN ln -s /opt/lbconform/bin/lbconform /usr/local/bin/lbconform && lbconform --version
WORKDIR /work
ENTRYPOINT ["lbconform"]
CMD ["help"]
