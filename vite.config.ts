import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    target: "es2020",
    reportCompressedSize: true,
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
