import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const web = path.resolve(import.meta.dirname, 'web');
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Every browser the app supports knows modulepreload: no polyfill file on each page.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The app, and the lean first loads of the student's and the parent's sign-in (web/portalLogin.tsx).
      input: {
        index: path.resolve(web, 'index.html'),
        'student-login': path.resolve(web, 'student-login.html'),
        'parent-login': path.resolve(web, 'parent-login.html'),
      },
      // The build-time drawing of the sign-in pages (scripts/build.mjs) runs in node: no groups there.
      output: isSsrBuild
        ? {}
        : {
            // React and Mantine's core with the pieces every page shows, as one file rather than twenty
            // small ones: a phone's first load compresses better and asks for less.
            codeSplitting: {
              // A group takes the modules it names, not what they import (the texts a page shares with others).
              includeDependenciesRecursively: false,
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|clsx|@mantine[\\/]hooks[\\/]esm[\\/](use-id|use-uncontrolled|use-isomorphic-effect|use-reduced-motion|use-media-query|use-did-update|utils)|@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Button|UnstyledButton|CloseButton|Loader|Paper|Text|Title|Center|Stack|Transition)))[\\/]/,
                },
                {
                  // The text fields of every form: not in the pages that show none (the student's Home).
                  name: 'inputs',
                  test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|ActionIcon)[\\/]/,
                },
                {
                  // The app's own code that every page's first load takes: the theme, the toasts, the
                  // frame's texts, the loader of lazy chunks.
                  name: 'app-core',
                  test: /[\\/](web[\\/](theme|toast|ToastHost|components[\\/](LoginFrame|form[\\/]zodValidate))|common[\\/](zodTr|levels|tr[\\/]core))\.tsx?$|@mantine[\\/](notifications[\\/]esm[\\/]notifications\.store\.mjs|store[\\/])|preload-helper/,
                },
                {
                  // The student's sign-in page (its texts stay apart: the student's other pages need them, not the form).
                  name: 'code-login',
                  test: /[\\/]web[\\/](components[\\/]CodeLoginPage|features[\\/]student-portal[\\/]StudentLoginPage)\.tsx$/,
                },
              ],
            },
          },
    },
  },
  server: { proxy: { '/api': apiTarget } },
}));
