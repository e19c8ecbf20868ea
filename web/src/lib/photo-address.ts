/** A photo address the page may show: the app's own /objects/… paths, or an absolute http(s) URL. */
export const safePhoto = (url: string | null) => (url && (url.startsWith('/') || /^https?:\/\//i.test(url)) ? url : null);
