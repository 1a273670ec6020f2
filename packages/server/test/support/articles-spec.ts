import { specText } from './parsed-model.js';

/** Articles with tags, an author and who favourited them; a feed of the authors one follows. */
export const ARTICLES_SPEC = specText('Articles', {
  3: `
### User

| Field     | Type         | Required | Default | Rules |
| --------- | ------------ | -------- | ------- | ----- |
| followers | list of User | no       |         |       |

### Tag

| Field | Type | Required | Default | Rules  |
| ----- | ---- | -------- | ------- | ------ |
| name  | text | yes      |         | unique |

### Article

| Field       | Type         | Required | Default   | Rules     |
| ----------- | ------------ | -------- | --------- | --------- |
| title       | text         | yes      |           |           |
| tags        | list of Tag  | no       |           |           |
| author      | → User       | yes      | \`user.id\` | read-only |
| favoritedBy | list of User | no       |           |           |
`,
  6: `
| Role   | Description | Sign-up |
| ------ | ----------- | ------- |
| writer | Writes      | default |

| Role      | Entity  | Actions | Allowed                | Fields                    |
| --------- | ------- | ------- | ---------------------- | ------------------------- |
| anyone    | *       | read    | yes                    | all                       |
| signed-in | Tag     | create  | yes                    | all                       |
| signed-in | Article | create  | yes                    | title, tags, favoritedBy  |
| signed-in | User    | update  | \`record.id == user.id\` | followers                 |
`,
  7: `
| Method | Path               | Operation | Payload | Response |
| ------ | ------------------ | --------- | ------- | -------- |
| POST   | /api/sign-in       | sign-in   | \`{ email, password }\` | User |
| POST   | /api/tags          | create Tag | \`{ name }\` | Tag |
| POST   | /api/articles      | create Article | \`{ title, tags?, favoritedBy? }\` | Article |
| PATCH  | /api/users/:id     | update User | \`{ followers }\` | User |
| GET    | /api/articles      | list Article | | \`{ articles: Article[], count }\` |
| GET    | /api/articles/feed | list Article where \`user.id in record.author.followers\` | | \`{ articles: Article[], count }\` |
| GET    | /api/everything    | list Article | | \`{ articles: Article[], count }\` |
| GET    | /api/pages         | list Article | | Article[] |

Parameters of \`GET /api/articles\`:

| Parameter | Condition                                          |
| --------- | -------------------------------------------------- |
| tag       | \`record.tags.exists(t, t.name == value)\`            |
| author    | \`record.author.name == value\`                       |
| favorited | \`record.favoritedBy.exists(u, u.name == value)\`     |
| limit     | page size                                          |
| offset    | rows to skip                                       |

Parameters of \`GET /api/articles/feed\`:

| Parameter | Condition    |
| --------- | ------------ |
| limit     | page size    |
| offset    | rows to skip |

Parameters of \`GET /api/pages\`:

| Parameter | Condition |
| --------- | --------- |
| size      | page size |
| after     | cursor    |
| order     | sort      |
`,
  9: `
| Name          | Value |
| ------------- | ----- |
| PAGE_SIZE     | 3     |
| MAX_PAGE_SIZE | 4     |
`,
});
