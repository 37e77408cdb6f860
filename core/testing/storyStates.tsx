import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeAllModals } from '../ui/modalStore';
import { languageByCode } from '../i18n/languages';
import { Providers } from './Providers';
import { createTestI18n, type TestLanguage } from './testI18n';

/** The story exports of a CSF module (what `composeStories` turns into runnable stories). */
type StoryNames<M> = Exclude<keyof M, 'default' | '__namedExportsOrder'> & string;

/** A composed story as these tests use it. */
export interface RunnableStory {
  run(context: { canvasElement: HTMLElement }): Promise<void>;
  parameters?: Record<string, unknown>;
}

export interface StoryStates<N extends string> {
  /**
   * For every story (the type makes a missing one a compile error): texts the page must show
   * once the story has rendered and its play function has finished; `!text` must not show.
   */
  expected: Record<N, string[]>;
  /** Further checks of a story's state, after its texts are in. */
  check?: (name: N, canvasElement: HTMLElement, story: RunnableStory) => void | Promise<void>;
  /** Per-test clean-up beyond the DOM and modals (caches a story filled, stores it set). */
  reset?: () => void;
  /** Runs once before the stories (e.g. import a lazy view so the first story is not slower). */
  setup?: () => Promise<unknown>;
}

/** One instance per language, made when a story first asks for it (`parameters.lang`, as in the preview). */
const instances = new Map<TestLanguage, ReturnType<typeof createTestI18n>>();
const i18nFor = (lang: TestLanguage) => instances.get(lang) ?? instances.set(lang, createTestI18n(lang)).get(lang)!;

setProjectAnnotations({
  decorators: [
    (Story, { parameters }) => {
      const lang = (parameters.lang as TestLanguage | undefined) ?? 'en_US';
      document.documentElement.dir = languageByCode(lang).dir;
      return <Providers i18n={i18nFor(lang)}>{Story()}</Providers>;
    },
  ],
});

/**
 * Runs every story of a CSF module as the browser does (play functions drive them, outside
 * act()) and checks that each shows the state its name promises: so a story that silently
 * renders the wrong state (and a Loki reference of it) fails here, with a readable message.
 */
export function describeStoryStates<M extends Record<string, unknown>>(title: string, stories: M, states: StoryStates<StoryNames<M>>): void {
  const composed = composeStories(stories as unknown as Parameters<typeof composeStories>[0]) as unknown as Record<StoryNames<M>, RunnableStory>;
  const names = Object.keys(composed) as Array<StoryNames<M>>;

  describe(`${title} stories`, () => {
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    beforeAll(async () => {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
      await states.setup?.();
    });
    afterAll(() => {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous;
    });
    afterEach(() => {
      cleanup();
      closeAllModals();
      states.reset?.();
      document.body.replaceChildren();
      document.documentElement.removeAttribute('dir');
    });

    it('every story has expectations', () => {
      expect(names.slice().sort()).toEqual(Object.keys(states.expected).sort());
    });

    it.each(names)('%s renders its state', async (name) => {
      const canvasElement = document.body.appendChild(document.createElement('div'));
      const story = composed[name];
      await story.run({ canvasElement });
      const texts = states.expected[name];
      const shown = texts.filter((text) => !text.startsWith('!'));
      // Stories may load data or validate after their first render: wait for what must show.
      await waitFor(
        () => {
          for (const text of shown) expect(document.body.textContent).toContain(text);
        },
        { timeout: 3000 },
      );
      for (const text of texts.filter((t) => t.startsWith('!'))) expect(document.body.textContent).not.toContain(text.slice(1));
      await states.check?.(name, canvasElement, story);
    });
  });
}
