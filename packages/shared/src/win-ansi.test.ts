import { describe, expect, it } from 'vitest';
import { isWinAnsi, toWinAnsi } from './win-ansi';

describe('toWinAnsi', () => {
  it('keeps Latin-1 and the Windows-1252 punctuation as they are', () => {
    const text = 'Zoë Ångström — “quoted” € 50 · § 512 ©';
    expect(toWinAnsi(text)).toEqual({ text, replaced: [] });
  });

  it('writes other Latin letters, Cyrillic and Greek in plain letters, and says which', () => {
    expect(toWinAnsi('Łukasz Şahin')).toEqual({ text: 'Lukasz Sahin', replaced: ['Ł', 'Ş'] });
    expect(toWinAnsi('Юлия Щукина').text).toBe('Yuliya Shchukina');
    expect(toWinAnsi('Σοφία').text).toBe('Sofia');
  });

  it('drops emojis, writes what has no Latin form as ?, and never lists invisible parts', () => {
    expect(toWinAnsi('Anna 🌸')).toEqual({ text: 'Anna ', replaced: ['🌸'] });
    expect(toWinAnsi('👍🏽')).toEqual({ text: '', replaced: ['👍'] });
    expect(toWinAnsi('李 李')).toEqual({ text: '? ?', replaced: ['李'] });
    expect(toWinAnsi('a\u00a0b')).toEqual({ text: 'a b', replaced: [] });
    expect(toWinAnsi('zero\u200bwidth')).toEqual({ text: 'zerowidth', replaced: [] });
  });

  it('only ever answers WinAnsi characters', () => {
    const { text } = toWinAnsi('李小龍 Zoë Łukasz 🌸 ул. Пушкина ǅ ﬁ ½ \u200b');
    expect([...text].every(isWinAnsi)).toBe(true);
  });
});
