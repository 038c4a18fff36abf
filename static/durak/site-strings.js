/* The header's strings, the same on every page (templates/base.html): the site's name and
 * the pages. Russian and English side by side; i18n.js joins them into the one lookup. */
export const SITE = {
  ru: {
    title: "Дурак онлайн",
    "nav.label": "Разделы",
    "nav.play": "Играть",
    "nav.watch": "Смотреть",
    "nav.tournaments": "Турниры",
    "nav.ratings": "Рейтинги",
    "nav.me": "Мой профиль",
  },
  en: {
    title: "Durak Online",
    "nav.label": "Sections",
    "nav.play": "Play",
    "nav.watch": "Watch",
    "nav.tournaments": "Tournaments",
    "nav.ratings": "Ratings",
    "nav.me": "My profile",
  },
};
