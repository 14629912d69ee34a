import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO = {
  panel: 'admin@demo.test',
  school: 'okul@demo.test',
  branch: 'sube@demo.test',
} as const;
export type Level = keyof typeof DEMO;

/** Signs in through the login screen as a person would, and waits for Home. */
export async function signIn(page: Page, level: Level, email: string = DEMO[level], password = DEMO_PASSWORD) {
  await page.goto(`/${level}/login`);
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre').fill(password);
  await page.getByRole('button', { name: 'Giriş yap' }).click();
  await expect(page.getByRole('heading', { name: 'Ana Sayfa' })).toBeVisible();
}

/** A toast with this text (Mantine notifications are role=alert). */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}
