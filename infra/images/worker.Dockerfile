# Capture and discovery workers (container-image Lambdas): Debian's Chromium driven by
# Playwright (no `playwright install`: the browser comes from Debian), on Lambda's Python
# runtime interface client. Built by `cdk deploy` from the repository root, reduced by
# infra/workers.py image_context_excludes(). One handler for every image kind: the function's
# PAGEPORT_KIND (set by CDK) picks the kind at cold start.
# Plain Dockerfile syntax on purpose (no `# syntax=` frontend pulled from a registry at build
# time, no BuildKit-only instructions): any builder builds it; tests/infra/test_layer.py checks.
ARG PYTHON_IMAGE=public.ecr.aws/docker/library/python:3.12-slim-bookworm
ARG NODE_IMAGE=public.ecr.aws/docker/library/node:20-bookworm-slim

# The Google font families Debian lacks (fonts/package-lock.json's @fontsource packages), as
# fonts/install.sh installs them on a developer's machine: converted to TTF below.
FROM ${NODE_IMAGE} AS fontsource
WORKDIR /fonts
COPY fonts/package.json fonts/package-lock.json /fonts/
RUN npm ci --omit=dev --no-audit --no-fund --loglevel=error

FROM ${PYTHON_IMAGE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    LAMBDA_TASK_ROOT=/var/task

# Fonts: Latin, CJK and emoji coverage so captured text measures as it would in a desktop
# browser, and the common web families pages ask for (the list in fonts/install.sh; croscore's
# Arimo/Tinos/Cousine are the metric twins of Arial/Times New Roman/Courier New).
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      chromium ca-certificates fontconfig \
      fonts-liberation fonts-liberation2 fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji \
      fonts-roboto fonts-open-sans fonts-lato fonts-inter fonts-roboto-slab fonts-croscore \
 && rm -rf /var/lib/apt/lists/*

# Dependencies first (cached while only our code changes): the pyproject's `layer` (boto3
# included) and `workers` groups, and the Lambda runtime interface client.
COPY pyproject.toml /tmp/build/pyproject.toml
RUN cd /tmp/build \
 && python -m pip install "pip>=25.1" \
 && python -m pip install --group layer --group workers "awslambdaric>=3,<4" \
 && rm -rf /tmp/build

# The @fontsource families as TTF (fontTools comes with the layer group) and the fontconfig
# rules that draw with faces Figma has (old family names, metric twins; DejaVu left out).
COPY --from=fontsource /fonts/node_modules/@fontsource /tmp/fonts/fontsource
COPY fonts/fontsource_ttf.py fonts/55-pageport-aliases.conf /tmp/fonts/
RUN python -W ignore /tmp/fonts/fontsource_ttf.py /tmp/fonts/fontsource /usr/local/share/fonts/pageport \
 && cp /tmp/fonts/55-pageport-aliases.conf /etc/fonts/conf.d/ \
 && fc-cache -f \
 && rm -rf /tmp/fonts

COPY layers/pageport/python/pageport /opt/python/pageport
COPY functions/ /var/task/functions/
# Chromium's managed policy: WebRTC closed at the browser (pageport/netguard/chromium.py); the
# worker refuses to launch a browser on Lambda without it.
RUN install -D -m 0644 /opt/python/pageport/netguard/chromium_policy.json /etc/chromium/policies/managed/pageport.json
# Lambda's file system is read-only at run time: compile now or pay it on every cold start.
RUN python -m compileall -q /opt/python /var/task

# Only /tmp is writable on Lambda: Chromium's profile, caches and crash dumps go there.
ENV PYTHONPATH=/opt/python:/var/task \
    HOME=/tmp \
    XDG_CONFIG_HOME=/tmp/.config \
    XDG_CACHE_HOME=/tmp/.cache \
    PAGEPORT_CHROMIUM=/usr/bin/chromium
WORKDIR /var/task
ENTRYPOINT ["python", "-m", "awslambdaric"]
CMD ["functions.worker.handler.lambda_handler"]
