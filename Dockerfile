# Yıllık Paneli: build in one stage, run the compiled server in another with production
# dependencies only, as an unprivileged user. The data folder (/data) must be a volume.

FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20.20-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:20.20-bookworm-slim
# MALLOC_ARENA_MAX: with glibc, image work on many threads would otherwise keep freed memory.
# MALLOC_MMAP_THRESHOLD_: every block of 8 MB or more (a photo's pixels, its encoded sizes) is
# mapped on its own and unmapped when freed, instead of fragmenting the heap (see README, Memory).
# --max-semi-space-size=2: V8's young generation stays small (server/memorySettings.ts).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=8388608 \
    NODE_OPTIONS=--max-semi-space-size=2
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
