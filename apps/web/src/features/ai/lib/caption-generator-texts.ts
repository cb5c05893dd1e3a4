/** The caption generator page's heading, also drawn in the signed-in page frame the server sends. */
export const captionGeneratorTexts = {
  title: 'Caption Generator',
  description:
    'Describe your post and get ready-to-use titles, captions and hashtags for Reddit, Twitter, Instagram and TikTok.',
};
