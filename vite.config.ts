import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const web = path.resolve(import.meta.dirname, 'web');
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
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
      output: {
        // React and Mantine's core with the form pieces every page shows, as one file rather than
        // twenty small ones: a phone's first load compresses better and asks for less.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|clsx|@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Input|InputBase|TextInput|PasswordInput|ActionIcon|CloseButton|Button|Loader|Paper|Text|Title|Center|Stack|Transition)))[\\/]/,
            },
            {
              // The app's own code that every page's first load takes: the theme, the toasts, the
              // frame's texts.
              name: 'app-core',
              test: /[\\/](web[\\/](theme|toast|ToastHost)|common[\\/](zodTr|levels|tr[\\/]core))\.tsx?$|@mantine[\\/](notifications[\\/]esm[\\/]notifications\.store|store)[\\/]/,
            },
            {
              // The student's sign-in page and its texts: one file on a student's phone.
              name: 'student-login',
              test: /[\\/](web[\\/](components[\\/]CodeLoginPage|features[\\/]student-portal[\\/]StudentLoginPage)|common[\\/]tr[\\/]student)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': apiTarget } },
});
