/**
 * Link-preview fetchers and crawlers, by user agent: Reddit's, Discord's, Twitter's, Slack's and
 * the chat apps' preview bots, search engines, and anything calling itself a bot or crawler. Their
 * fetches are kept but counted apart from people's clicks. An empty user agent is a script.
 */
const botAgents =
  /redditbot|discordbot|twitterbot|facebookexternalhit|facebot|slackbot|telegrambot|whatsapp|skypeuripreview|linkedinbot|embedly|pinterest|googlebot|bingbot|yandex|baiduspider|duckduckbot|applebot|petalbot|ahrefs|semrush|mj12bot|headlesschrome|python-requests|curl\/|wget\/|go-http-client|okhttp|\bbot\b|crawler|spider|preview/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || botAgents.test(userAgent);
}
