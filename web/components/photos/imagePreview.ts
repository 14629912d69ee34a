/**
 * A picked file's preview: a data URL the browser has decoded, or null when it cannot show the
 * file (not an image after all, or a format such as HEIC that only the server converts). A
 * picker then shows its placeholder or refuses the file, never a broken image.
 */
export async function imagePreview(file: File): Promise<string | null> {
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
  // Decoded off the page: a file that fails here never reaches an <img> of it.
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
    return url;
  } catch {
    return null;
  }
}
