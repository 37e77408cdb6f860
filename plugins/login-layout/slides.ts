import type { CarouselItem, CarouselTextsByLanguage, LoginPageInfo } from '@portal/plugin-api';
import type { LoginLayoutConfig } from './index';
import { safeUrl } from './pageInfo';

export interface Slide {
  id: string;
  imageUrl: string;
  description: string | null;
  link: string | null;
  linkText: string | null;
}

/** `language`'s text where the slide has one, else the plain text (any language): each text on its own. */
function inLanguage(texts: CarouselTextsByLanguage | undefined, language: string | undefined, key: 'description' | 'linkText', plain: string | null): string | null {
  const own = language ? texts?.[language]?.[key] : undefined;
  return own || plain || null;
}

function fromItem(item: CarouselItem, language: string | undefined): Slide | null {
  const imageUrl = safeUrl(item.fileUrl);
  if (!imageUrl) return null;
  const link = safeUrl(item.link);
  return {
    id: item.id,
    imageUrl,
    description: inLanguage(item.texts, language, 'description', item.description),
    link,
    linkText: link ? inLanguage(item.texts, language, 'linkText', item.linkText) : null,
  };
}

/**
 * The client's slides in their order, else the deployment's; empty means the default image. Their
 * texts are `language`'s (the page's) where the slide has them (`texts`), else its plain ones.
 */
export function slidesFrom(info: LoginPageInfo | null, fallback: LoginLayoutConfig['slides'], language?: string): Slide[] {
  const own = (info?.carouselInfos ?? [])
    .slice()
    .sort((a, b) => a.orderValue - b.orderValue)
    .map((item) => fromItem(item, language))
    .filter((s): s is Slide => s !== null);
  if (own.length) return own;
  return fallback
    .map((s, i) =>
      fromItem(
        { id: `deployment-${i}`, orderValue: i, fileUrl: s.fileUrl, description: s.description ?? null, link: s.link ?? null, linkText: s.linkText ?? null, ...(s.texts ? { texts: s.texts } : {}) },
        language,
      ),
    )
    .filter((s): s is Slide => s !== null);
}
