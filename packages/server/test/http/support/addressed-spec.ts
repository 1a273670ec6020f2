import { specText } from '../../support/parsed-model.js';

/** Records addressed by slug, username and number; comments under their article; favourites. */
export const ADDRESSED = specText('Addressed', {
  3: `
### User

| Field     | Type         | Required | Default | Rules  |
| --------- | ------------ | -------- | ------- | ------ |
| username  | text         | no       |         | unique |
| followers | list of User | no       |         |        |

### Article

| Field       | Type         | Required | Default   | Rules                   |
| ----------- | ------------ | -------- | --------- | ----------------------- |
| slug        | text         | yes      |           | unique, slug from title |
| title       | text         | yes      |           | 1..200 chars            |
| body        | long text    | no       |           |                         |
| hidden      | boolean      | no       |           |                         |
| author      | → User       | yes      | \`user.id\` | read-only               |
| favoritedBy | list of User | no       |           | read-only               |

### Comment

| Field   | Type      | Required | Default   | Rules        |
| ------- | --------- | -------- | --------- | ------------ |
| number  | integer   | no       |           | numbered {n} |
| article | → Article | yes      |           | read-only    |
| body    | long text | yes      |           |              |
| author  | → User    | yes      | \`user.id\` | read-only    |

### Page

| Field   | Type | Required | Default | Rules                                  |
| ------- | ---- | -------- | ------- | -------------------------------------- |
| slug    | text | no       |         | slug from heading, follows changes     |
| heading | text | yes      |         |                                        |
`,
  6: `
| Role   | Description | Sign-up |
| ------ | ----------- | ------- |
| writer | Writes      | default |

| Role      | Entity  | Actions        | Allowed                    | Fields            |
| --------- | ------- | -------------- | -------------------------- | ----------------- |
| anyone    | User    | read           | yes                        | all               |
| anyone    | Article | read           | \`record.hidden != true\`    | all               |
| signed-in | Article | read           | \`record.author == user.id\` | all               |
| signed-in | Article | create         | yes                        | title, body, hidden |
| signed-in | Article | update         | \`record.author == user.id\` | title, body       |
| signed-in | Article | delete         | \`record.author == user.id\` |                   |
| anyone    | Comment | read           | yes                        | all               |
| signed-in | Comment | create         | yes                        | body              |
| signed-in | Comment | delete         | \`record.author == user.id\` |                   |
| signed-in | Page    | read           | yes                        | all               |
| signed-in | Page    | create, update | yes                        | heading           |
`,
  7: `
| Method | Path                                 | Operation                          | Payload                                   | Response                |
| ------ | ------------------------------------ | ---------------------------------- | ----------------------------------------- | ----------------------- |
| POST   | /api/sign-in                         | sign-in                            |                                           |                         |
| GET    | /api/profiles/:username              | get User                           |                                           | \`{ profile: User }\`     |
| POST   | /api/profiles/:username/follow       | add me to User.followers           |                                           | \`{ profile: User }\`     |
| DELETE | /api/profiles/:username/follow       | remove me from User.followers      |                                           | \`{ profile: User }\`     |
| GET    | /api/articles                        | list Article                       |                                           | \`{ articles: Article[] }\` |
| POST   | /api/articles                        | create Article                     | \`{ article: { title, body?, hidden? } }\` | \`{ article: Article }\`  |
| GET    | /api/articles/:slug                  | get Article                        |                                           | \`{ article: Article }\`  |
| PUT    | /api/articles/:slug                  | update Article                     | \`{ article: { title?, body? } }\`         | \`{ article: Article }\`  |
| DELETE | /api/articles/:slug                  | delete Article                     |                                           |                         |
| POST   | /api/articles/:slug/favorite         | add me to Article.favoritedBy      |                                           | \`{ article: Article }\`  |
| DELETE | /api/articles/:slug/favorite         | remove me from Article.favoritedBy |                                           | \`{ article: Article }\`  |
| GET    | /api/articles/:slug/comments         | list Comment                       |                                           | \`{ comments: Comment[] }\` |
| POST   | /api/articles/:slug/comments         | create Comment                     | \`{ comment: { body } }\`                  | \`{ comment: Comment }\`  |
| GET    | /api/articles/:slug/comments/:number | get Comment                        |                                           | \`{ comment: Comment }\`  |
| DELETE | /api/articles/:slug/comments/:number | delete Comment                     |                                           |                         |
| POST   | /api/pages                           | create Page                        | \`{ heading }\`                            | Page                    |
| PATCH  | /api/pages/:slug                     | update Page                        | \`{ heading }\`                            | Page                    |
`,
});
