import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./precompress.ts";

export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: "dist" },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
